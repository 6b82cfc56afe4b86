import { envelope } from '@intranet/contract/shared/envelope';
import { importacionSubida, importacionVistaPrevia, type Codificacion } from '@intranet/contract/shared/importacion';
import { describe, expect, it } from 'vitest';
import { OCUPA_DEMASIADO } from '../../core/isolated.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';
import { bombaDeFilas, bombaDeTextos } from '../../test/xlsx-bomba.ts';

// The spreadsheets an import uploads are read in a worker thread (core/isolated.ts): encodings recognised there,
// and files built to exhaust memory or time refused there, while the server goes on answering everyone else.

const template = useTemplate();

/** The ZIP `zip` with the inflated size of its entry `nombre` stated as `tamano`, in its local and central headers. */
function tamanoOculto(zip: Buffer, nombre: string, tamano: number): Buffer {
  const copia = Buffer.from(zip);
  const encabezados = [
    { firma: 0x04034b50, nombreEn: 30, largoEn: 26, tamanoEn: 22 },
    { firma: 0x02014b50, nombreEn: 46, largoEn: 28, tamanoEn: 24 },
  ];
  for (let i = 0; i + 4 <= copia.length; i += 1)
    for (const { firma, nombreEn, largoEn, tamanoEn } of encabezados) {
      if (i + nombreEn > copia.length || copia.readUInt32LE(i) !== firma) continue;
      const largo = copia.readUInt16LE(i + largoEn);
      if (copia.toString('latin1', i + nombreEn, i + nombreEn + largo) === nombre)
        copia.writeUInt32LE(tamano, i + tamanoEn);
    }
  return copia;
}
const BASE = '/api/personas/importaciones';

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-aislada-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'rrhh', password: 'clave', codigos: ['PHY-PER#TODO'] });
      await createUser(t.db, { usuario: 'lector', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
      return { headers: await bearer(t.app, 'rrhh', 'clave'), lector: await bearer(t.app, 'lector', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;

const subir = (ctx: Ctx, contenido: Buffer, nombre = 'personas.csv') =>
  ctx.t.app.inject({
    method: 'POST',
    url: `${BASE}?nombre=${nombre}`,
    headers: { ...ctx.headers, 'content-type': 'application/octet-stream' },
    payload: contenido,
  });
const post = (ctx: Ctx, url: string, payload: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, payload });

async function primeraFila(ctx: Ctx, id: number, mapeo: Record<string, string | null>) {
  const res = await post(ctx, `${BASE}/${id}/vista-previa`, { mapeo, pagina: 1, tamano: 10 });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(importacionVistaPrevia).parse(res.json()).datos.filas[0]!.valores;
}

const TEXTO = 'Apellido;Nombre;Área\nPeña;José;Córdoba, Añatuya\n';
const utf16be = (texto: string) => {
  const le = Buffer.from(texto, 'utf16le');
  return Buffer.from(le.map((_, i) => le[i % 2 === 0 ? i + 1 : i - 1]!));
};
const GUARDADOS: [string, Buffer, Codificacion][] = [
  ['UTF-8', Buffer.from(TEXTO, 'utf8'), 'utf-8'],
  ['UTF-8 con BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXTO, 'utf8')]), 'utf-8'],
  ['UTF-16 LE con BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXTO, 'utf16le')]), 'utf-16le'],
  ['UTF-16 BE con BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXTO)]), 'utf-16be'],
  // What Excel in Spanish saves: one byte per letter (é = 0xE9, ñ = 0xF1, ó = 0xF3).
  ['Windows-1252', Buffer.from(TEXTO, 'latin1'), 'windows-1252'],
];

describe('an import reads the encoding its CSV was saved in', () => {
  const ctx = fresh();

  for (const [nombre, bytes, codificacion] of GUARDADOS) {
    it(`${nombre}: recognised, and "José Peña, Córdoba, Añatuya" read as written`, async () => {
      const res = await subir(ctx, bytes);
      expect(res.statusCode, res.body).toBe(201);
      const subida = envelope(importacionSubida).parse(res.json()).datos;
      expect(subida.codificacion).toBe(codificacion);
      expect(subida.columnas).toEqual(['Apellido', 'Nombre', 'Área']);
      expect(await primeraFila(ctx, subida.id, subida.mapeo)).toMatchObject({
        apellido: 'Peña',
        nombre: 'José',
        area: 'Córdoba, Añatuya',
      });
    });
  }

  it('reads the file again in the encoding the user picks; a spreadsheet has none to pick', async () => {
    const subida = envelope(importacionSubida).parse((await subir(ctx, Buffer.from(TEXTO, 'latin1'))).json()).datos;
    const comoUtf8 = await post(ctx, `${BASE}/${subida.id}/codificacion`, { codificacion: 'utf-8' });
    expect(comoUtf8.statusCode, comoUtf8.body).toBe(200);
    const releida = envelope(importacionSubida).parse(comoUtf8.json()).datos;
    expect(releida.codificacion).toBe('utf-8');
    // Bytes that are no UTF-8 become U+FFFD, as the user would see them: «Pe�a».
    expect(await primeraFila(ctx, subida.id, releida.mapeo)).toMatchObject({
      apellido: 'Pe\ufffda',
      nombre: 'Jos\ufffd',
    });
    await post(ctx, `${BASE}/${subida.id}/codificacion`, { codificacion: 'windows-1252' });
    expect(await primeraFila(ctx, subida.id, releida.mapeo)).toMatchObject({ apellido: 'Peña' });

    const mala = await post(ctx, `${BASE}/${subida.id}/codificacion`, { codificacion: 'ebcdic' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().campos).toEqual({ codificacion: ['Elija una codificación de la lista'] });
  });
});

describe('a file built to exhaust the server', () => {
  const ctx = fresh();

  /** Another user's reads while `mientras` runs: how many, and how many were not answered 200. */
  async function lecturasDuranteLaSubida<T>(
    mientras: Promise<T>,
  ): Promise<{ resultado: T; lecturas: number; rechazadas: number }> {
    let terminado = false;
    let lecturas = 0;
    let rechazadas = 0;
    const lector = (async () => {
      while (!terminado) {
        const res = await ctx.t.app.inject({ url: '/api/maquinas?size=20', headers: ctx.lector });
        lecturas += 1;
        if (res.statusCode !== 200) rechazadas += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const resultado = await mientras.finally(() => {
      terminado = true;
    });
    await lector;
    return { resultado, lecturas, rechazadas };
  }

  // How soon each bomb is refused (within 10 s) is a speed goal: the bench `importacion` measures it on a quiet
  // machine. Here, only what it is answered, and that no one else is refused meanwhile, on a machine of any speed.
  it('shared strings that inflate past the worker heap: a Spanish 413, and every other call answered meanwhile', async () => {
    const bomba = bombaDeTextos();
    expect(bomba.length).toBeLessThan(1024 * 1024);
    const { resultado: res, lecturas, rechazadas } = await lecturasDuranteLaSubida(subir(ctx, bomba, 'bomba.xlsx'));
    expect(res.statusCode, res.body).toBe(413);
    // Refused by their size as they inflate, before the reader holds any of them.
    expect(res.json().error).toBe(OCUPA_DEMASIADO);
    expect(lecturas).toBeGreaterThan(0);
    expect(rechazadas).toBe(0);
  });

  it('shared strings whose ZIP directory hides their size: refused as unreadable, 400', async () => {
    const res = await subir(ctx, tamanoOculto(bombaDeTextos(), 'xl/sharedStrings.xml', 1_000), 'oculta.xlsx');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('No se pudo leer el archivo como planilla XLSX');
  });

  it('a sheet whose rows repeat (millions of rows from a few hundred KB): refused as unreadable at once, 400', async () => {
    const bomba = bombaDeFilas();
    // Its second row repeats the first: no need to read on.
    const { resultado: res, rechazadas } = await lecturasDuranteLaSubida(subir(ctx, bomba, 'filas.xlsx'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('No se pudo leer el archivo como planilla XLSX');
    expect(rechazadas).toBe(0);
  });
});
