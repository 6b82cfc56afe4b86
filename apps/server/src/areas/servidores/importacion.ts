import { servidorInput } from '@intranet/contract/areas/servidores';
import { DNS_TIPOS, dnsInput } from '@intranet/contract/areas/servidores/dns';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { dns, servidores } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { requiredText } from '@intranet/contract/shared/validators';
import { conflictos } from './conflicts.ts';
import { ENTIDAD_DNS } from './dns/queries.ts';
import { columnasServidor, ENTIDAD } from './queries.ts';

type ServidorValues = z.output<typeof servidorInput>;

const valoresServidor = wireColumns(servidores, [
  'nombre',
  'hostname',
  'ip_publica',
  'ip_privada',
  'proveedor',
  'rol',
  'so',
  'estado',
  'notas',
]);

const ESTADOS = { activo: 'Activo', offline: 'Offline', planificado: 'Planificado', baja: 'Baja' };
const minusculas = (v: string) => v.trim().toLowerCase();

/** Our own servers' import: the export's columns (its DNS names are imported on their own), key hostname. */
export const servidoresImportacion: ImportacionSpec<ServidorValues> = {
  tipo: 'servidores',
  etiqueta: 'servidores',
  ruta: '/api/servidores',
  permiso: 'SER#EDITAR',
  entidad: ENTIDAD,
  nombre: 'servidores',
  clave: 'hostname',
  normalizarClave: minusculas,
  campos: [
    { campo: 'nombre', titulo: 'Nombre', alias: ['servidor', 'server', 'name'], requerido: true, ejemplo: 'web-01' },
    {
      campo: 'hostname',
      titulo: 'Hostname',
      alias: ['host', 'fqdn', 'nombre de host'],
      ejemplo: 'web-01.physis.com.ar',
    },
    { campo: 'ip_publica', titulo: 'IP pública', alias: ['ip publica', 'public ip', 'ip'], ejemplo: '200.1.2.3' },
    {
      campo: 'ip_privada',
      titulo: 'IP privada',
      alias: ['ip privada', 'private ip', 'ip interna'],
      ejemplo: '10.0.0.5',
    },
    { campo: 'proveedor', titulo: 'Proveedor', alias: ['provider', 'hosting', 'cloud'], ejemplo: 'Hetzner' },
    { campo: 'rol', titulo: 'Rol', alias: ['role', 'funcion', 'uso'], ejemplo: 'Web' },
    { campo: 'so', titulo: 'Sistema operativo', alias: ['so', 'os', 'operating system'], ejemplo: 'Debian 12' },
    {
      campo: 'estado',
      titulo: 'Estado',
      alias: ['state', 'status'],
      tipo: 'lista',
      opciones: ESTADOS,
      requerido: true,
      ejemplo: 'Activo',
    },
    { campo: 'notas', titulo: 'Notas', alias: ['notes', 'observaciones', 'comentarios'], ejemplo: '' },
  ],
  esquema: servidorInput,
  tabla: { tabla: servidores, id: servidores.id, actualizado: servidores.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: servidores.id, ...valoresServidor })
      .from(servidores)
      .where(inArray(sql`lower(${servidores.hostname})`, claves));
    return new Map(filas.map(({ id, ...v }) => [minusculas(v.hostname ?? ''), { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, servidores, servidores.id, filas.map(columnasServidor)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(servidores)
      .set({ ...columnasServidor(v), actualizado: sql`now()` })
      .where(eq(servidores.id, id));
  },
  conflictos,
};

/** A DNS entry as imported: its server by name (as the export writes it) instead of by id. */
const dnsImportada = dnsInput.omit({ servidor_id: true }).extend({ servidor: requiredText(100) });
type DnsValues = z.output<typeof dnsImportada>;

const valoresDns = { ...wireColumns(dns, ['host', 'tipo', 'ttl', 'activo']), servidor: servidores.nombre };

/** The servers' ids by their names (case ignored); an unknown name refuses the rows. */
async function servidoresPorNombre(tx: Tx, nombres: string[]): Promise<Map<string, number>> {
  const filas = await tx
    .select({ id: servidores.id, nombre: servidores.nombre })
    .from(servidores)
    .where(inArray(sql`lower(${servidores.nombre})`, nombres.map(minusculas)));
  const ids = new Map(filas.map((s) => [minusculas(s.nombre), s.id]));
  const falta = nombres.find((n) => !ids.has(minusculas(n)));
  if (falta) throw new ApiError(400, `Servidor: no hay un servidor llamado «${falta}»`);
  return ids;
}

/** The DNS entries' import: the export's columns, the server by its name, key host. */
export const dnsImportacion: ImportacionSpec<DnsValues> = {
  tipo: 'dns',
  etiqueta: 'dns',
  ruta: '/api/dns',
  permiso: 'SERDNS#EDITAR',
  entidad: ENTIDAD_DNS,
  nombre: 'dns',
  clave: 'host',
  normalizarClave: minusculas,
  campos: [
    {
      campo: 'host',
      titulo: 'Host',
      alias: ['nombre dns', 'dns', 'hostname', 'fqdn', 'name', 'record'],
      requerido: true,
      ejemplo: 'intranet.physis.com.ar',
    },
    {
      campo: 'servidor',
      titulo: 'Servidor',
      alias: ['server', 'servidor nombre', 'target'],
      requerido: true,
      ejemplo: 'web-01',
    },
    {
      campo: 'tipo',
      titulo: 'Tipo',
      alias: ['type', 'record type'],
      tipo: 'lista',
      opciones: Object.fromEntries(DNS_TIPOS.map((t) => [t, t])),
      ejemplo: 'A',
    },
    {
      campo: 'ttl',
      titulo: 'TTL (segundos)',
      alias: ['ttl', 'time to live'],
      tipo: 'numero',
      vacioPorDefecto: true,
      ejemplo: '3600',
    },
    { campo: 'activo', titulo: 'Activa', alias: ['activo', 'active', 'enabled'], tipo: 'booleano', ejemplo: 'Sí' },
  ],
  esquema: dnsImportada,
  tabla: { tabla: dns, id: dns.id, actualizado: dns.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: dns.id, ...valoresDns })
      .from(dns)
      .innerJoin(servidores, eq(servidores.id, dns.servidorId))
      .where(inArray(sql`lower(${dns.host})`, claves));
    return new Map(filas.map(({ id, ...v }) => [minusculas(v.host), { id, valores: v }]));
  },
  crear: async (tx, filas) => {
    const ids = await servidoresPorNombre(tx, [...new Set(filas.map((f) => f.servidor))]);
    return insertarFilas(
      tx,
      dns,
      dns.id,
      filas.map((f) => ({ ...columnValues(dns, f), servidorId: ids.get(minusculas(f.servidor))! })),
    );
  },
  actualizar: async (tx, id, v) => {
    const ids = await servidoresPorNombre(tx, [v.servidor]);
    await tx
      .update(dns)
      .set({ ...columnValues(dns, v), servidorId: ids.get(minusculas(v.servidor))!, actualizado: sql`now()` })
      .where(eq(dns.id, id));
  },
  conflictos,
};
