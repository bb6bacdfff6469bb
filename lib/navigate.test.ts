import { describe, expect, it, vi } from 'vitest';
import { navigateTo } from './navigate';

const target = () => ({ origin: 'https://aurum.example', assign: vi.fn(), replace: vi.fn() });

describe('navigateTo', () => {
  it('refuses an external address without the explicit flag', () => {
    const t = target();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(navigateTo('https://evil.example/x', {}, t)).toBe(false);
    expect(navigateTo('//evil.example/x', {}, t)).toBe(false);
    expect(t.assign).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledWith('navigation to an external URL refused: https://evil.example/x');
    spy.mockRestore();
  });

  it('leaves the site with the flag, and goes to own addresses without it', () => {
    const t = target();
    expect(navigateTo('https://sso.example/login?url=x', { external: true }, t)).toBe(true);
    expect(t.assign).toHaveBeenCalledWith('https://sso.example/login?url=x');
    expect(navigateTo('/ru/faq', { replace: true }, t)).toBe(true);
    expect(t.replace).toHaveBeenCalledWith('/ru/faq');
  });
});
