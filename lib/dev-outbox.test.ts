import { describe, expect, it } from 'vitest';
import { devOutboxUrl } from './dev-outbox';

describe('devOutboxUrl', () => {
  it('links to the API outbox page of the address when the build has the outbox', () => {
    expect(devOutboxUrl('a+b@x.test', 'http://localhost:4000/', '1')).toBe(
      'http://localhost:4000/dev/outbox/view?to=a%2Bb%40x.test',
    );
    expect(devOutboxUrl(' +77010000001 ', 'http://localhost:4000', '1')).toBe(
      'http://localhost:4000/dev/outbox/view?to=%2B77010000001',
    );
  });

  it('is absent in a production build and for an empty address', () => {
    expect(devOutboxUrl('a@x.test', 'https://api.casino.example', undefined)).toBeNull();
    expect(devOutboxUrl('a@x.test', 'http://localhost:4000', '0')).toBeNull();
    expect(devOutboxUrl('  ', 'http://localhost:4000', '1')).toBeNull();
  });
});
