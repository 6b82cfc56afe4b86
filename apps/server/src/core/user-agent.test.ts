import { describe, expect, it } from 'vitest';
import { userAgentContexts } from './user-agent.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('userAgentContexts', () => {
  it('answers a User-Agent seen lately from memory, frozen, and each text with its own contexts', () => {
    const primera = userAgentContexts(CHROME);
    expect(userAgentContexts(CHROME)).toBe(primera);
    expect(Object.isFrozen(primera) && Object.isFrozen(primera.browser)).toBe(true);
    expect(() => {
      (primera.browser as { name: string }).name = 'otro';
    }).toThrow(TypeError);
    expect(userAgentContexts(FIREFOX).browser).toEqual({ type: 'browser', name: 'Firefox', version: '133.0' });
    expect(userAgentContexts(CHROME).browser).toEqual({ type: 'browser', name: 'Chrome', version: '131.0.0.0' });
  });

  it('forgets the oldest texts past a thousand and parses them again, to the same contexts', () => {
    const primera = userAgentContexts(FIREFOX);
    for (let i = 0; i < 1000; i++) userAgentContexts(`Mozilla/5.0 (Windows NT 10.0) Chrome/${i}.0.0.0`);
    const otra = userAgentContexts(FIREFOX);
    expect(otra).not.toBe(primera);
    expect(otra).toEqual(primera);
  });
});
