import Link from 'next/link';
import './globals.css';

// Reached only for paths the locale middleware does not handle (for example a missing file).
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="grid min-h-screen place-items-center bg-[#0f1220] text-white">
        <main className="text-center">
          <h1 className="text-4xl font-bold">404</h1>
          <p className="mt-2">Page not found</p>
          <Link className="mt-4 inline-block underline" href="/">
            Home
          </Link>
        </main>
      </body>
    </html>
  );
}
