// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isIntakeUrl } from './reporter.ts';

describe('isIntakeUrl', () => {
  const dsn = 'http://0123456789abcdef0123456789abcdef@intranet.local:8080/3';

  it('recognises the project’s envelope and store calls', () => {
    expect(isIntakeUrl('http://intranet.local:8080/api/3/envelope/?sentry_key=x', dsn)).toBe(true);
    expect(isIntakeUrl('http://intranet.local:8080/api/3/store/', dsn)).toBe(true);
  });

  it('leaves the portal’s own API and other hosts alone', () => {
    expect(isIntakeUrl('http://intranet.local:8080/api/insights/issues', dsn)).toBe(false);
    expect(isIntakeUrl('http://intranet.local:8080/api/4/envelope/', dsn)).toBe(false);
    expect(isIntakeUrl('http://otro.local/api/3/envelope/', dsn)).toBe(false);
    expect(isIntakeUrl('no es una url', 'tampoco')).toBe(false);
  });
});
