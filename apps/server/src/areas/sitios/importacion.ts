import { sitioInput, type SitioValues } from '@intranet/contract/areas/sitios';
import { optionalText } from '@intranet/contract/shared/validators';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { wireColumns } from '../../db/wire.ts';
import { dns, clientes, servidores, sitios } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import { clientesPorNombre, comparable, idsPorNombre } from '../../lists/importacion/referencias.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { conflictos } from './conflicts.ts';
import { columnas, ENTIDAD, ESTADO_NOMBRES } from './queries.ts';

/** The export writes «Propio» for a site of the company's own. */
const PROPIO = 'propio';

/** A site as imported: its client, server and DNS entry by name (as the export writes them) instead of by id. */
const sitioImportado = sitioInput.omit({ empresa_id: true, servidor_id: true, dns_id: true }).extend({
  cliente: optionalText(200).transform((v) => (v !== null && comparable(v) === PROPIO ? null : v)),
  servidor: optionalText(100),
  dns: optionalText(253),
});
type SitioImportado = z.output<typeof sitioImportado>;

/** A site's values in the import's shape, as stored (its notes kept: the export has none). */
const valores = {
  ...wireColumns(sitios, [
    'nombre',
    'url',
    'estado',
    'ssl_vence',
    'ssl_emisor',
    'dominio_vence',
    'registrador',
    'notas',
  ]),
  cliente: clientes.razonSocial,
  servidor: servidores.nombre,
  dns: dns.host,
};

/** A URL as the key compares it: as the form stores it (https://Www.X.com → https://www.x.com/), case ignored. */
function urlComparable(texto: string): string {
  try {
    return new URL(texto.trim()).href.toLowerCase();
  } catch {
    return comparable(texto);
  }
}

const nombres = (filas: SitioImportado[], campo: 'cliente' | 'servidor' | 'dns') =>
  filas.flatMap((f) => (f[campo] === null ? [] : [f[campo]]));

/**
 * The rows with their client, server and DNS entry found by name, under the form's rule: the DNS entry belongs to
 * the server chosen, and with no server chosen the entry's server is the site's.
 */
async function conIds(tx: Tx, filas: SitioImportado[]): Promise<SitioValues[]> {
  const clientes = await clientesPorNombre(tx, nombres(filas, 'cliente'), 'Cliente');
  const porServidor = await idsPorNombre(
    nombres(filas, 'servidor'),
    async (c) =>
      (
        await tx
          .select({ id: servidores.id, nombre: servidores.nombre })
          .from(servidores)
          .where(inArray(sql`lower(${servidores.nombre})`, c))
      ).map((s) => ({ id: s.id, nombres: [s.nombre] })),
    {
      falta: (n) => `Servidor: no hay un servidor llamado «${n}»`,
      repetido: (n) => `Servidor: hay más de un servidor llamado «${n}»`,
    },
  );
  const hosts = [...new Set(nombres(filas, 'dns').map(comparable))];
  const entradas =
    hosts.length === 0
      ? []
      : await tx
          .select({ id: dns.id, host: dns.host, servidorId: dns.servidorId, servidor: servidores.nombre })
          .from(dns)
          .innerJoin(servidores, eq(servidores.id, dns.servidorId))
          .where(inArray(sql`lower(${dns.host})`, hosts));
  const porHost = new Map(entradas.map((e) => [comparable(e.host), e]));
  return filas.map(({ cliente, servidor, dns: host, ...resto }) => {
    const servidorId = servidor === null ? null : porServidor.get(comparable(servidor))!;
    const entrada = host === null ? undefined : porHost.get(comparable(host));
    if (host !== null && !entrada) throw new ApiError(400, `DNS: no hay una entrada DNS «${host}»`);
    if (entrada && servidorId !== null && entrada.servidorId !== servidorId) {
      throw new ApiError(
        400,
        `DNS: la entrada DNS ${entrada.host} no pertenece al servidor elegido (está en ${entrada.servidor})`,
      );
    }
    return {
      ...resto,
      empresa_id: cliente === null ? null : clientes.get(comparable(cliente))!,
      servidor_id: servidorId ?? entrada?.servidorId ?? null,
      dns_id: entrada?.id ?? null,
    };
  });
}

/** The websites' import: the export's columns (the checks' results are the checks'), key the URL. */
export const sitiosImportacion: ImportacionSpec<SitioImportado> = {
  tipo: 'sitios',
  etiqueta: 'sitios',
  ruta: '/api/sitios',
  permiso: 'SUBPROD#EDITAR',
  entidad: ENTIDAD,
  nombre: 'sitios',
  clave: 'url',
  normalizarClave: urlComparable,
  campos: [
    {
      campo: 'nombre',
      titulo: 'Nombre',
      alias: ['sitio', 'sitio web', 'site', 'website', 'name'],
      requerido: true,
      ejemplo: 'Portal de clientes',
    },
    {
      campo: 'url',
      titulo: 'URL',
      alias: ['direccion', 'direccion web', 'address', 'link', 'site url'],
      requerido: true,
      ejemplo: 'https://clientes.physis.com.ar/',
    },
    {
      campo: 'cliente',
      titulo: 'Cliente',
      alias: ['empresa', 'razon social', 'client', 'customer', 'company'],
      ejemplo: 'Propio',
    },
    { campo: 'servidor', titulo: 'Servidor', alias: ['server', 'hosting', 'servidor propio'], ejemplo: '' },
    { campo: 'dns', titulo: 'DNS', alias: ['entrada dns', 'host dns', 'dns host', 'dns entry'], ejemplo: '' },
    {
      campo: 'estado',
      titulo: 'Estado',
      alias: ['state', 'status'],
      tipo: 'lista',
      opciones: ESTADO_NOMBRES,
      requerido: true,
      ejemplo: 'Activo',
    },
    {
      campo: 'ssl_vence',
      titulo: 'SSL vence',
      alias: ['vencimiento ssl', 'vence ssl', 'certificado vence', 'ssl expires', 'ssl expiry', 'certificate expiry'],
      tipo: 'fecha',
      ejemplo: '2026-12-31',
    },
    {
      campo: 'ssl_emisor',
      titulo: 'Emisor SSL',
      alias: ['emisor', 'emisor del certificado', 'ssl issuer', 'issuer', 'certificate issuer'],
      ejemplo: "Let's Encrypt",
    },
    {
      campo: 'dominio_vence',
      titulo: 'Dominio vence',
      alias: ['vencimiento dominio', 'vencimiento del dominio', 'domain expires', 'domain expiry'],
      tipo: 'fecha',
      ejemplo: '2027-03-15',
    },
    { campo: 'registrador', titulo: 'Registrador', alias: ['registrar', 'registro', 'nic'], ejemplo: 'NIC Argentina' },
  ],
  esquema: sitioImportado,
  tabla: { tabla: sitios, id: sitios.id, actualizado: sitios.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: sitios.id, ...valores })
      .from(sitios)
      .leftJoin(clientes, eq(clientes.id, sitios.clienteId))
      .leftJoin(servidores, eq(servidores.id, sitios.servidorId))
      .leftJoin(dns, eq(dns.id, sitios.dnsId))
      .where(inArray(sql`lower(${sitios.url})`, claves));
    return new Map(filas.map(({ id, ...v }) => [v.url.toLowerCase(), { id, valores: v }]));
  },
  crear: async (tx, filas) => insertarFilas(tx, sitios, sitios.id, (await conIds(tx, filas)).map(columnas)),
  actualizar: async (tx, id, v) => {
    const [conId] = await conIds(tx, [v]);
    await tx
      .update(sitios)
      .set({ ...columnas(conId!), actualizado: sql`now()` })
      .where(eq(sitios.id, id));
  },
  conflictos,
};
