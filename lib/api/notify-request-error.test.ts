import { beforeEach, describe, expect, it } from 'vitest';
import { useNotificationStore } from '@/lib/stores/notification-store';
import type { ErrorTranslator } from '@/lib/validation-errors';
import { notifyRequestError } from './notify-request-error';

const failed = (status: number, data: unknown) =>
  Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data },
  });

const texts: Record<string, string> = {
  'error.account_self_excluded': 'Самоисключение действует.',
  'error.too_many_attempts': 'Слишком много попыток.',
};
const translator: ErrorTranslator = { has: (key) => key in texts, t: (key) => texts[key] ?? key };
const shown = () => useNotificationStore.getState().items.map((item) => item.text);

beforeEach(() => useNotificationStore.setState({ items: [] }));

describe('notifyRequestError', () => {
  it("shows the translation of the server's code rather than its English message", () => {
    notifyRequestError(
      failed(403, { message: 'Your account is self-excluded: ...', code: 'account_self_excluded' }),
      translator,
    );
    expect(shown()).toEqual(['Самоисключение действует.']);
  });

  it('falls back to the message for a code without a translation, or no code', () => {
    notifyRequestError(failed(403, { message: 'Forbidden thing', code: 'unknown_thing' }), translator);
    notifyRequestError(failed(404, { message: 'Invoice not found.' }), translator);
    notifyRequestError(failed(403, { message: 'Odd', code: 'Not A Code!' }), translator);
    expect(shown()).toEqual(['Forbidden thing', 'Invoice not found.', 'Odd']);
  });
});
