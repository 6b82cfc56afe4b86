import { describe, expect, it } from 'vitest';
import { mesActual, REPORTES } from '@intranet/contract/areas/reportes';
import { leerParametros, parametrosDeUrl, parametrosQuery, type ParametrosSchema } from './parametros.ts';

const vencimientos = REPORTES['vencimientos-por-mes'].schema as ParametrosSchema;

describe('report parameters in the URL', () => {
  it('reads only the keys the report knows, blank ones left out', () => {
    expect(leerParametros(vencimientos, new URLSearchParams('desde=2026-01&hasta=&otro=1&empresa_id=4'))).toEqual({
      desde: '2026-01',
      empresa_id: '4',
    });
  });

  it('writes parsed values in the schema order, without empty ones', () => {
    expect(parametrosQuery(vencimientos, { empresa_id: 4, hasta: '2026-03', desde: '2026-01' })).toBe(
      'desde=2026-01&hasta=2026-03&empresa_id=4',
    );
    expect(parametrosQuery(vencimientos, { desde: '2026-01', hasta: '2026-03', empresa_id: undefined })).toBe(
      'desde=2026-01&hasta=2026-03',
    );
  });

  it("runs the defaults when the URL says nothing, and a link's own values when it does", () => {
    expect(parametrosDeUrl(vencimientos, new URLSearchParams())).toEqual({
      query: `desde=${mesActual()}&hasta=${mesActual(11)}`,
      valores: { desde: mesActual(), hasta: mesActual(11) },
    });
    expect(parametrosDeUrl(vencimientos, new URLSearchParams('hasta=2026-03&desde=2026-01&empresa_id=7')).query).toBe(
      'desde=2026-01&hasta=2026-03&empresa_id=7',
    );
  });

  it('does not run a link the schema refuses, and keeps its values for the form to show', () => {
    expect(parametrosDeUrl(vencimientos, new URLSearchParams('desde=2026-13'))).toEqual({
      query: null,
      valores: { desde: '2026-13', hasta: mesActual(11) },
    });
  });
});
