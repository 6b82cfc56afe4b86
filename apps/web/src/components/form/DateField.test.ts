// @vitest-environment happy-dom
import 'dayjs/locale/es';
import { DatesProvider } from '@mantine/dates';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing.tsx';
import { DateInputEs, leerDia } from './DateField.tsx';

afterEach(cleanup);

describe('leerDia', () => {
  it('reads what staff type, dd/mm/aaaa first, and an ISO day; nothing else', () => {
    expect(leerDia('24/11/2026')).toBe('2026-11-24');
    expect(leerDia('5/3/2027')).toBe('2027-03-05');
    expect(leerDia('05/03/27')).toBe('2027-03-05');
    expect(leerDia('2026-11-24')).toBe('2026-11-24');
    expect(leerDia('11/24/2026')).toBeNull();
    expect(leerDia('31/02/2026')).toBeNull();
    expect(leerDia('mañana')).toBeNull();
  });
});

describe('DateInputEs', () => {
  const show = (value: string | null, onChange = vi.fn()) => {
    renderUi(
      h(
        DatesProvider,
        { settings: { locale: 'es', firstDayOfWeek: 1 } },
        h(DateInputEs, { label: 'Desde', value, onChange }),
      ),
    );
    return onChange;
  };

  it('shows the day as dd/mm/aaaa and its calendar in Spanish, whatever the browser says', async () => {
    show('2026-11-24');
    const input = screen.getByRole('textbox', { name: 'Desde' });
    expect((input as HTMLInputElement).value).toBe('24/11/2026');
    fireEvent.click(input);
    expect(await screen.findByText('noviembre 2026')).toBeTruthy();
    expect(screen.getByText('lu')).toBeTruthy();
  });

  it('gives the typed day as aaaa-mm-dd', () => {
    const onChange = show(null);
    const input = screen.getByRole('textbox', { name: 'Desde' });
    fireEvent.change(input, { target: { value: '05/03/2027' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-03-05');
  });
});
