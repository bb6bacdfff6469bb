import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./dialog-view', async (importOriginal) => {
  loaded.count += 1;
  return importOriginal();
});

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Title" closeLabel="Close" testId="dialog" />
    </>
  );
}

const { Dialog } = await import('./dialog');

describe('Dialog', () => {
  it('loads the Radix dialog only when it first opens, then shows it', async () => {
    render(<Host />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded.count).toBe(0);
    expect(screen.queryByTestId('dialog')).not.toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'open' }).click());
    expect(await screen.findByTestId('dialog')).toHaveTextContent('Title');
    expect(loaded.count).toBe(1);
  });
});
