import { describe, expect, it } from 'vitest';
import { isValidPopupUrl, POPUP_URL_PATTERN, popupUrlToHref, safeUrl } from './url.ts';

describe('popup URL pattern', () => {
  it('is the pattern of the design, verbatim', () => {
    expect(POPUP_URL_PATTERN.source).toBe('^(https?:\\/\\/)?([\\da-z.-]+)\\.([a-z.]{2,6})[/\\w .-]*\\/?$');
    expect(POPUP_URL_PATTERN.flags).toBe('');
  });

  it.each(['https://example.com', 'example.com', 'www.google.com/', 'http://sub.example.com.ar/a/b.html'])(
    'accepts %s',
    (url) => {
      expect(isValidPopupUrl(url)).toBe(true);
    },
  );

  it.each(['example', 'ftp://example.com', 'javascript:alert(1)', 'data:text/html,x', 'https://EXAMPLE.COM', ''])(
    'refuses %s',
    (url) => {
      expect(isValidPopupUrl(url)).toBe(false);
    },
  );

  it('adds https:// to what has no scheme, so the link is not relative', () => {
    expect(popupUrlToHref('example.com')).toBe('https://example.com');
    expect(popupUrlToHref('http://example.com')).toBe('http://example.com');
  });
});

describe('safeUrl', () => {
  it.each([
    'https://a.com',
    'http://a.com/x?y=1#z',
    'mailto:a@b.com',
    '/relativo',
    'relativo.png',
    '#ancla',
    '?q=1',
    '//cdn.example.com/a.png',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:x',
    '\u0001javascript:x',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://a.com',
    '',
    null,
    42,
  ])('drops %s', (url) => {
    expect(safeUrl(url)).toBeNull();
  });
});
