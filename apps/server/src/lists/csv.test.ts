import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvFilename, instanteIso, sendCsv, sinFormula, type CsvValue } from './csv.ts';
import { likePattern } from './list.ts';

describe('CSV values', () => {
  it('writes instants in ISO 8601, in Argentina time with its offset, to the second', () => {
    expect(instanteIso(new Date('2026-03-09T02:05:00Z'))).toBe('2026-03-08T23:05:00-03:00');
    expect(instanteIso(new Date('2026-12-31T15:30:59.999Z'))).toBe('2026-12-31T12:30:59-03:00');
    expect(new Date(instanteIso(new Date('2026-12-31T15:30:59Z'))).toISOString()).toBe('2026-12-31T15:30:59.000Z');
  });
  it('names the file after the list and the date', () => {
    expect(csvFilename('servidores', new Date('2026-03-09T12:00:00Z'))).toBe('servidores-2026-03-09.csv');
  });
});

describe('CSV injection (OWASP)', () => {
  it('puts a quote before text that starts with = + - @ tab or CR', () => {
    for (const texto of ['=HYPERLINK("http://x.example","clic")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(sinFormula(texto)).toBe(`'${texto}`);
    }
  });
  it('leaves other text alone, a formula sign further in included', () => {
    for (const texto of ['', 'srv-web-01', ' =1', 'a=b', "'=1", '1-2', '20-12345678-9'])
      expect(sinFormula(texto)).toBe(texto);
  });

  /** The CSV the real stream writes for these rows, as text and parsed back. */
  async function exportar(filas: CsvValue[][]) {
    const app = Fastify();
    app.get('/x.csv', (_request, reply) => {
      const columnas = filas[0]!.map((_, i) => ({ titulo: `c${i}`, valor: (fila: CsvValue[]) => fila[i] }));
      sendCsv(reply, {
        nombre: 'x',
        columnas,
        filas: (async function* () {
          yield filas;
        })(),
      });
      return reply;
    });
    const texto = (await app.inject('/x.csv')).body;
    await app.close();
    return { texto, celdas: (parse(texto, { bom: true, from_line: 2 }) as string[][])[0]! };
  }

  it('neutralises every text cell of an export and keeps the CSV quoting right', async () => {
    const { texto, celdas } = await exportar([
      ['=HYPERLINK("http://x.example/?a=1,b","clic")', '@x', '\r=1+1', '\t-1', 'normal'],
    ]);
    expect(celdas).toEqual(['\'=HYPERLINK("http://x.example/?a=1,b","clic")', "'@x", "'\r=1+1", "'\t-1", 'normal']);
    // Quoted because of the comma and the quotes, with the quote sign inside the field, never before it.
    expect(texto).toContain('"\'=HYPERLINK(""http://x.example/?a=1,b"",""clic"")"');
    expect(texto).toContain('"\'\r=1+1"');
  });

  it('keeps a number a number, a negative one too; text that looks like one is still text', async () => {
    const { celdas } = await exportar([[-10, 0, 3.5, '-10', true, new Date('2026-03-09T02:05:00Z')]]);
    expect(celdas).toEqual(['-10', '0', '3.5', "'-10", 'Sí', '2026-03-08T23:05:00-03:00']);
  });
});

describe('free search', () => {
  it('searches for %, _ and \\ literally', () => {
    expect(likePattern('web')).toBe('%web%');
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
