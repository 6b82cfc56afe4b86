import { useSearchParams } from 'react-router';

/**
 * The open tab of a detail screen, kept in the URL (`?tab=historial`) so a link opens it; the first tab
 * leaves the URL bare. Unknown values fall back to the first tab. Switching drops the other query
 * parameters (a panel's list filters), except those named in `keep`.
 */
export function useUrlTab<const T extends readonly [string, ...string[]]>(
  tabs: T,
  keep: readonly string[] = [],
): [T[number], (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const tab = tabs.find((name) => name === params.get('tab')) ?? first;
  const setTab = (next: string | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams();
        for (const name of keep) for (const value of previous.getAll(name)) updated.append(name, value);
        if (next && next !== first) updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}
