import { sitioInput, type SitioInput, type VerificacionResultado } from '@intranet/contract/areas/sitios';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { dns, clientes, servidores, sitios, sitioVerificaciones } from '../../db/schema.ts';
import { fechaLocal } from '../../core/fechas.ts';
import { auditadoDe, crearEn, ENTIDAD } from './queries.ts';

// Demo sites: the company's own (on the seeded own servers and their DNS entries) and some clients', with
// SSL and domain expiries spread over expired / due soon / later so the expiry grid shows every colour.
// Runs after the servers' and clients' seeds.

const DAY = 24 * 60 * 60 * 1000;
const dia = (offset: number) => fechaLocal(new Date(Date.now() + offset * DAY));

interface Demo {
  nombre: string;
  url: string;
  /** razón social of a seeded client; none for the company's own sites. */
  cliente?: string;
  servidor?: string;
  dns?: string;
  estado?: SitioInput['estado'];
  ssl: number | null;
  emisor?: string;
  dominio: number | null;
  registrador?: string;
  notas?: string;
  /** A last "Verificar" on record, as staff would have left it. */
  check?: { resultado: VerificacionResultado; codigo: string; mensaje: string; horas: number };
}

const LE = "Let's Encrypt (R11)";
const NIC = 'NIC Argentina';

export const SITIOS: Demo[] = [
  {
    nombre: 'Sitio institucional Physis',
    url: 'https://www.physis.com.ar/',
    servidor: 'srv-web-01',
    dns: 'www.physis.com.ar',
    ssl: 62,
    emisor: LE,
    dominio: 210,
    registrador: NIC,
    notas: 'WordPress. El certificado se renueva con certbot cada 60 días.',
    check: {
      resultado: 'ok',
      codigo: 'ok',
      mensaje: `Certificado válido para www.physis.com.ar, emitido por ${LE}.`,
      horas: 5,
    },
  },
  {
    nombre: 'Mesa de ayuda',
    url: 'https://soporte.physis.com.ar/tickets',
    servidor: 'srv-web-01',
    dns: 'soporte.physis.com.ar',
    ssl: 12,
    emisor: LE,
    dominio: 210,
    registrador: NIC,
  },
  {
    nombre: 'Physis Web (demo)',
    url: 'https://app.physis.com.ar/',
    servidor: 'srv-app-01',
    dns: 'app.physis.com.ar',
    ssl: 5,
    emisor: LE,
    dominio: 210,
    registrador: NIC,
  },
  {
    nombre: 'API pública',
    url: 'https://api.physis.com.ar/api',
    servidor: 'srv-app-01',
    dns: 'api.physis.com.ar',
    ssl: -3,
    emisor: LE,
    dominio: 210,
    registrador: NIC,
    notas: 'Falló la renovación automática: revisar el cron de certbot.',
    check: {
      resultado: 'advertencia',
      codigo: 'vencido',
      mensaje: `Certificado leído, emitido por ${LE}. Advertencia: el certificado venció.`,
      horas: 20,
    },
  },
  {
    nombre: 'Webmail',
    url: 'https://webmail.physis.com.ar/',
    servidor: 'srv-mail-01',
    dns: 'webmail.physis.com.ar',
    ssl: 75,
    emisor: LE,
    dominio: 210,
    registrador: NIC,
  },
  {
    nombre: 'AppsStore',
    url: 'https://store.physis.com.ar/',
    servidor: 'srv-store-01',
    dns: 'store.physis.com.ar',
    ssl: 40,
    emisor: 'Amazon (Amazon RSA 2048 M02)',
    dominio: 210,
    registrador: NIC,
  },
  {
    nombre: 'Descargas de instaladores',
    url: 'https://descargas.physis.com.ar/instaladores',
    servidor: 'srv-store-01',
    dns: 'descargas.physis.com.ar',
    ssl: 150,
    emisor: 'Amazon (Amazon RSA 2048 M02)',
    dominio: 210,
    registrador: NIC,
  },
  {
    nombre: 'Git interno',
    url: 'https://git.physis.local/',
    servidor: 'srv-ci-01',
    dns: 'git.physis.local',
    ssl: 300,
    emisor: 'Physis CA interna',
    dominio: null,
    notas: 'Solo desde la VPN. Certificado de la CA interna.',
    check: {
      resultado: 'advertencia',
      codigo: 'no_confiable',
      mensaje:
        'Certificado leído, emitido por Physis CA interna. Advertencia: la autoridad que lo emitió no es de confianza.',
      horas: 48,
    },
  },
  {
    nombre: 'Tienda online Los Ceibos',
    url: 'https://www.losceibos.com.ar/',
    cliente: 'Agropecuaria Los Ceibos S.A.',
    servidor: 'srv-web-01',
    estado: 'caido',
    ssl: 25,
    emisor: LE,
    dominio: -10,
    registrador: NIC,
    notas: 'El dominio venció: el cliente tiene que renovarlo en NIC Argentina.',
    check: {
      resultado: 'error',
      codigo: 'dns',
      mensaje:
        'No se pudo resolver www.losceibos.com.ar en el DNS desde el servidor de la intranet (el nombre no existe o el DNS no responde).',
      horas: 2,
    },
  },
  {
    nombre: 'Portal de clientes DisLit',
    url: 'https://clientes.dislit.com.ar/',
    cliente: 'Distribuidora del Litoral S.R.L.',
    ssl: 88,
    emisor: 'Sectigo (Sectigo RSA Domain Validation Secure Server CA)',
    dominio: 45,
    registrador: NIC,
  },
  {
    nombre: 'Turnos FarmaSur',
    url: 'https://turnos.farmasur.com.ar/',
    cliente: 'Farmacias Patagónicas S.A.',
    servidor: 'srv-app-01',
    ssl: 95,
    emisor: LE,
    dominio: 340,
    registrador: NIC,
  },
  {
    nombre: 'Bodegas Valle de Uco',
    url: 'https://www.bodegasvalledeuco.com.ar/',
    cliente: 'Bodegas Valle de Uco S.A.',
    estado: 'mantenimiento',
    ssl: 30,
    emisor: 'DigiCert (GeoTrust TLS RSA CA G1)',
    dominio: 120,
    registrador: NIC,
    notas: 'Rediseño en curso; vuelve a publicarse el mes próximo.',
  },
  {
    nombre: 'Portal de pacientes San Lucas',
    url: 'https://portal.clinicasanlucas.com.ar/',
    cliente: 'Clínica San Lucas S.A.',
    servidor: 'srv-web-01',
    ssl: 0,
    emisor: LE,
    dominio: 60,
    registrador: NIC,
  },
  {
    nombre: 'Reservas Llao Llao',
    url: 'https://booking.llaollao-servicios.com/',
    cliente: 'Hotel Llao Llao Servicios S.A.',
    ssl: 200,
    emisor: 'DigiCert (DigiCert Global G2 TLS RSA SHA256 2020 CA1)',
    dominio: 500,
    registrador: 'GoDaddy',
  },
  {
    nombre: 'Fin del Mundo Tours',
    url: 'https://www.findelmundotours.com/',
    cliente: 'Turismo Fin del Mundo S.R.L.',
    ssl: 7,
    emisor: LE,
    dominio: 18,
    registrador: 'Namecheap',
  },
  {
    nombre: 'Textil Catamarca (histórico)',
    url: 'https://www.textilcatamarca.com.ar/',
    cliente: 'Textil Catamarca S.A.',
    estado: 'baja',
    ssl: -120,
    emisor: LE,
    dominio: -60,
    registrador: NIC,
    notas: 'Cliente inactivo; el sitio se dio de baja.',
  },
];

async function idsPorNombre(tx: Tx) {
  const filasClientes = await tx
    .select({ id: clientes.id, razon: clientes.razonSocial })
    .from(clientes)
    .where(
      inArray(
        clientes.razonSocial,
        SITIOS.flatMap((s) => s.cliente ?? []),
      ),
    );
  const servs = await tx.select({ id: servidores.id, nombre: servidores.nombre }).from(servidores);
  const entradas = await tx.select({ id: dns.id, host: dns.host }).from(dns);
  return {
    cliente: new Map(filasClientes.map((c) => [c.razon, c.id])),
    servidor: new Map(servs.map((s) => [s.nombre, s.id])),
    dns: new Map(entradas.map((d) => [d.host, d.id])),
  };
}

export async function seedSitios(tx: Tx): Promise<void> {
  const ids = await idsPorNombre(tx);
  const creados: { id: number; demo: Demo; values: Parameters<typeof seedCheck>[2] }[] = [];
  for (const demo of SITIOS) {
    // A client another seed did not create is skipped rather than turned into an own site.
    if (demo.cliente && !ids.cliente.has(demo.cliente)) continue;
    const values = sitioInput.parse({
      nombre: demo.nombre,
      url: demo.url,
      empresa_id: demo.cliente ? ids.cliente.get(demo.cliente) : null,
      servidor_id: demo.servidor ? (ids.servidor.get(demo.servidor) ?? null) : null,
      dns_id: demo.dns ? (ids.dns.get(demo.dns) ?? null) : null,
      estado: demo.estado ?? 'activo',
      ssl_vence: demo.ssl === null ? null : dia(demo.ssl),
      ssl_emisor: demo.emisor ?? null,
      dominio_vence: demo.dominio === null ? null : dia(demo.dominio),
      registrador: demo.registrador ?? null,
      notas: demo.notas ?? null,
    } satisfies SitioInput);
    creados.push({ id: (await crearEn(tx, values, null)).id, demo, values });
  }
  // The history first: it was all written before the last checks, which it does not record.
  const id = (nombre: string) => creados.find((c) => c.demo.nombre === nombre)?.id ?? 0;
  await historiaDemo(
    tx,
    ENTIDAD,
    creados.map((c) => c.id),
    auditadoDe,
    [
      { id: id('API pública'), por: 'admin', antes: { url: 'https://api.physis.com.ar/' } },
      { id: id('Bodegas Valle de Uco'), por: 'admin', antes: { estado: 'activo', notas: null } },
      { id: id('API pública'), por: 'admin', antes: { notas: null } },
    ],
  );
  for (const { id, demo, values } of creados) if (demo.check) await seedCheck(tx, id, values, demo.check);
}

async function seedCheck(
  tx: Tx,
  sitioId: number,
  values: { url: string; ssl_vence: string | null; ssl_emisor: string | null },
  check: NonNullable<Demo['check']>,
) {
  const u = new URL(values.url);
  const fecha = new Date(Date.now() - check.horas * 60 * 60 * 1000);
  const conCertificado = check.resultado !== 'error';
  await tx.insert(sitioVerificaciones).values({
    sitioId,
    fecha,
    resultado: check.resultado,
    codigo: check.codigo,
    mensaje: check.mensaje,
    host: u.hostname,
    puerto: 443,
    validoHasta: conCertificado ? values.ssl_vence : null,
    emisor: conCertificado ? values.ssl_emisor : null,
    sujeto: conCertificado ? u.hostname : null,
    sans: conCertificado ? [u.hostname] : null,
  });
  await tx
    .update(sitios)
    .set({ verificadoEn: fecha, verificacionResultado: check.resultado, verificacionMensaje: check.mensaje })
    .where(eq(sitios.id, sitioId));
}
