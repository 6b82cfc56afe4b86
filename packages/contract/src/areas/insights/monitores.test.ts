import { describe, expect, it } from 'vitest';
import { describirCrontab, describirPrograma, monitorInput } from './monitores.ts';

describe('a monitor schedule in words', () => {
  it.each([
    ['* * * * *', 'Cada minuto'],
    ['*/15 * * * *', 'Cada 15 minutos'],
    ['0 * * * *', 'Cada hora, en punto'],
    ['30 */6 * * *', 'Cada 6 horas, en el minuto 30'],
    ['30 3 * * *', 'Todos los días a las 03:30'],
    ['0 8 * * 1-5', 'De lunes a viernes a las 08:00'],
    ['0 9 * * 1', 'Los lunes a las 09:00'],
    ['0 2 1 * *', 'El día 1 de cada mes a las 02:00'],
    ['@daily', 'Todos los días a las 00:00'],
    ['5,35 1-4 * * *', 'Crontab 5,35 1-4 * * *'],
  ])('%s → %s', (crontab, texto) => expect(describirCrontab(crontab)).toBe(texto));

  it('says every N units for an interval, and the zone for a crontab', () => {
    const base = { crontab: null, zona: 'UTC' } as const;
    expect(describirPrograma({ ...base, programa_tipo: 'interval', intervalo: 1, unidad: 'hour' })).toBe('Cada hora');
    expect(describirPrograma({ ...base, programa_tipo: 'interval', intervalo: 10, unidad: 'minute' })).toBe(
      'Cada 10 minutos',
    );
    expect(
      describirPrograma({
        programa_tipo: 'crontab',
        crontab: '0 3 * * *',
        intervalo: null,
        unidad: null,
        zona: 'America/Argentina/Buenos_Aires',
      }),
    ).toBe('Todos los días a las 03:00 (America/Argentina/Buenos_Aires)');
  });

  it('asks for the crontab, or for the interval and its unit, as the type says', () => {
    const r = monitorInput.safeParse({ nombre: 'X', slug: 'x', programa_tipo: 'interval' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['intervalo', 'unidad']);
    expect(monitorInput.safeParse({ nombre: 'X', slug: 'x', programa_tipo: 'crontab', crontab: '' }).success).toBe(
      false,
    );
    expect(
      monitorInput.safeParse({ nombre: 'X', slug: 'Con Espacios', programa_tipo: 'crontab', crontab: '* * * * *' })
        .success,
    ).toBe(false);
  });
});
