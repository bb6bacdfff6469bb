import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI runs the suites on a loaded two-core machine where a render plus a mocked
// request can take well over Testing Library's default second; findBy/waitFor
// wait up to five seconds before they fail.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
