import { emptyDocument, type DocumentJson } from '@intranet/editor';
import type { CondicionIva, ParametroTipo } from '@intranet/contract/areas/clientes';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { clientes, parametros, personas, servidoresCliente, servidoresClienteDns } from '../../db/schema.ts';
import { almacenado } from './parametros.ts';
import { clienteAuditado, clienteDetalle, ENTIDAD } from './queries.ts';
import { secretsKeyOf } from '../../core/secretos.ts';

/** The check digit of a CUIT's first ten digits, or undefined when none exists (remainder 10). */
export function digitoVerificador(diez: string): number | undefined {
  const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const suma = pesos.reduce((s, p, i) => s + p * Number(diez[i]), 0);
  const d = 11 - (suma % 11);
  return d === 11 ? 0 : d === 10 ? undefined : d;
}

/** A valid company CUIT (30-/33-) made from a number; the next number when the first has no check digit. */
export function cuitDe(prefijo: '30' | '33', numero: number): string {
  for (let n = numero; ; n += 1) {
    const diez = `${prefijo}${String(n).padStart(8, '0')}`;
    const d = digitoVerificador(diez);
    if (d !== undefined) return `${diez}${d}`;
  }
}

interface Cliente {
  razon: string;
  fantasia: string | null;
  iva: CondicionIva;
  localidad: string;
  provincia: string;
  domicilio: string;
  activo?: boolean;
  contacto?: [string, string, string];
  servidores: { nombre: string; so: string; motor: string; version: string; dns?: string[] }[];
}

const C: Cliente[] = [
  {
    razon: 'Agropecuaria Los Ceibos S.A.',
    fantasia: 'Los Ceibos',
    iva: 'responsable_inscripto',
    localidad: 'Pergamino',
    provincia: 'Buenos Aires',
    domicilio: 'Av. de Mayo 1450',
    contacto: ['Marcela', 'Giménez', 'Administración'],
    servidores: [
      {
        nombre: 'SRV-PHYSIS',
        so: 'Windows Server 2019',
        motor: 'SQL Server 2019',
        version: '8.4.2',
        dns: ['physis.losceibos.com.ar'],
      },
      { nombre: 'SRV-BACKUP', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '8.3.7' },
    ],
  },
  {
    razon: 'Distribuidora del Litoral S.R.L.',
    fantasia: 'DisLit',
    iva: 'responsable_inscripto',
    localidad: 'Rosario',
    provincia: 'Santa Fe',
    domicilio: 'Bv. Oroño 2231',
    contacto: ['Hernán', 'Paz', 'Sistemas'],
    servidores: [
      {
        nombre: 'DL-APP01',
        so: 'Windows Server 2022',
        motor: 'SQL Server 2022',
        version: '8.5.0',
        dns: ['erp.dislit.com.ar', 'vpn.dislit.com.ar'],
      },
    ],
  },
  {
    razon: 'Metalúrgica Andina S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'Godoy Cruz',
    provincia: 'Mendoza',
    domicilio: 'Carril Rodríguez Peña 3120',
    contacto: ['Lucía', 'Ferreyra', 'Contaduría'],
    servidores: [{ nombre: 'MA-SQL', so: 'Windows Server 2019', motor: 'SQL Server 2017', version: '8.2.11' }],
  },
  {
    razon: 'Cooperativa Agrícola Ganadera de Tandil Ltda.',
    fantasia: 'Coop. Tandil',
    iva: 'exento',
    localidad: 'Tandil',
    provincia: 'Buenos Aires',
    domicilio: 'Gral. Rodríguez 755',
    servidores: [
      { nombre: 'COOP-01', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '7.9.4' },
      { nombre: 'COOP-02', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '7.9.4' },
    ],
  },
  {
    razon: 'Farmacias Patagónicas S.A.',
    fantasia: 'FarmaSur',
    iva: 'responsable_inscripto',
    localidad: 'Neuquén',
    provincia: 'Neuquén',
    domicilio: 'Av. Argentina 340',
    contacto: ['Diego', 'Quiroga', 'Gerencia'],
    servidores: [
      {
        nombre: 'FS-CENTRAL',
        so: 'Windows Server 2022',
        motor: 'SQL Server 2022',
        version: '8.5.1',
        dns: ['central.farmasur.com.ar'],
      },
    ],
  },
  {
    razon: 'Transportes Cuyo Express S.A.',
    fantasia: 'Cuyo Express',
    iva: 'responsable_inscripto',
    localidad: 'San Juan',
    provincia: 'San Juan',
    domicilio: 'Av. Libertador Gral. San Martín 1890 (O)',
    servidores: [{ nombre: 'TCE-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.4.0' }],
  },
  {
    razon: 'Panificadora La Espiga S.R.L.',
    fantasia: 'La Espiga',
    iva: 'responsable_inscripto',
    localidad: 'Córdoba',
    provincia: 'Córdoba',
    domicilio: 'Av. Colón 4120',
    servidores: [{ nombre: 'ESPIGA-PC', so: 'Windows 10 Pro', motor: 'SQL Server 2019 Express', version: '8.3.2' }],
  },
  {
    razon: 'Estudio Contable Romero & Asociados',
    fantasia: 'Romero & Asoc.',
    iva: 'responsable_inscripto',
    localidad: 'San Miguel de Tucumán',
    provincia: 'Tucumán',
    domicilio: '24 de Septiembre 612',
    contacto: ['Ana', 'Romero', 'Socia'],
    servidores: [{ nombre: 'ROMERO-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.4.2' }],
  },
  {
    razon: 'Bodegas Valle de Uco S.A.',
    fantasia: 'Valle de Uco',
    iva: 'responsable_inscripto',
    localidad: 'Tupungato',
    provincia: 'Mendoza',
    domicilio: 'Ruta Prov. 89 km 12',
    servidores: [
      {
        nombre: 'BVU-ERP',
        so: 'Windows Server 2022',
        motor: 'SQL Server 2022',
        version: '8.5.1',
        dns: ['erp.bodegasvalledeuco.com.ar'],
      },
      { nombre: 'BVU-TEST', so: 'Windows Server 2022', motor: 'SQL Server 2022', version: '8.6.0' },
    ],
  },
  {
    razon: 'Frigorífico del Sur S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'Bahía Blanca',
    provincia: 'Buenos Aires',
    domicilio: 'Av. Colón 1520',
    servidores: [{ nombre: 'FDS-DB', so: 'Windows Server 2016', motor: 'SQL Server 2014', version: '7.8.9' }],
  },
  {
    razon: 'Supermercados El Trébol S.A.',
    fantasia: 'El Trébol',
    iva: 'responsable_inscripto',
    localidad: 'Paraná',
    provincia: 'Entre Ríos',
    domicilio: 'Urquiza 1020',
    contacto: ['Pablo', 'Benítez', 'Sistemas'],
    servidores: [
      { nombre: 'TREBOL-01', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.4.1' },
      { nombre: 'TREBOL-SUC2', so: 'Windows 11 Pro', motor: 'SQL Server 2019 Express', version: '8.4.1' },
      { nombre: 'TREBOL-SUC3', so: 'Windows 11 Pro', motor: 'SQL Server 2019 Express', version: '8.3.9' },
    ],
  },
  {
    razon: 'Constructora Norte Grande S.A.',
    fantasia: 'Norte Grande',
    iva: 'responsable_inscripto',
    localidad: 'Salta',
    provincia: 'Salta',
    domicilio: 'Av. Bolivia 5150',
    servidores: [{ nombre: 'CNG-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.2.5' }],
  },
  {
    razon: 'Clínica San Lucas S.A.',
    fantasia: 'Clínica San Lucas',
    iva: 'exento',
    localidad: 'Corrientes',
    provincia: 'Corrientes',
    domicilio: 'Junín 1455',
    servidores: [{ nombre: 'CSL-HIS', so: 'Windows Server 2022', motor: 'SQL Server 2022', version: '8.5.0' }],
  },
  {
    razon: 'Lácteos La Serenísima del Oeste S.R.L.',
    fantasia: 'Lácteos del Oeste',
    iva: 'responsable_inscripto',
    localidad: 'Trenque Lauquen',
    provincia: 'Buenos Aires',
    domicilio: 'Villegas 410',
    servidores: [{ nombre: 'LDO-SRV01', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '8.0.3' }],
  },
  {
    razon: 'Ferretería Industrial Chaco S.A.',
    fantasia: 'FICSA',
    iva: 'responsable_inscripto',
    localidad: 'Resistencia',
    provincia: 'Chaco',
    domicilio: 'Av. Sarmiento 980',
    servidores: [{ nombre: 'FICSA-APP', so: 'Windows Server 2019', motor: 'SQL Server 2017', version: '8.3.7' }],
  },
  {
    razon: 'Hotel Llao Llao Servicios S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'San Carlos de Bariloche',
    provincia: 'Río Negro',
    domicilio: 'Av. Bustillo km 25',
    contacto: ['Sofía', 'Müller', 'Administración'],
    servidores: [
      {
        nombre: 'HLL-PMS',
        so: 'Windows Server 2022',
        motor: 'SQL Server 2022',
        version: '8.5.1',
        dns: ['physis.llaollao.local'],
      },
    ],
  },
  {
    razon: 'Yerbatera Misionera S.A.',
    fantasia: 'Yerba del Alto',
    iva: 'responsable_inscripto',
    localidad: 'Posadas',
    provincia: 'Misiones',
    domicilio: 'Av. Mitre 2011',
    servidores: [{ nombre: 'YM-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.4.2' }],
  },
  {
    razon: 'Autopartes Rafaela S.R.L.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'Rafaela',
    provincia: 'Santa Fe',
    domicilio: 'Bv. Santa Fe 1880',
    servidores: [{ nombre: 'AR-01', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '7.9.8' }],
  },
  {
    razon: 'Municipalidad de Villa General Belgrano',
    fantasia: null,
    iva: 'exento',
    localidad: 'Villa General Belgrano',
    provincia: 'Córdoba',
    domicilio: 'Av. San Martín 45',
    servidores: [{ nombre: 'MUNI-VGB', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.1.4' }],
  },
  {
    razon: 'Textil Catamarca S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'San Fernando del Valle de Catamarca',
    provincia: 'Catamarca',
    domicilio: 'Rivadavia 820',
    activo: false,
    servidores: [{ nombre: 'TC-SRV', so: 'Windows Server 2012 R2', motor: 'SQL Server 2012', version: '7.5.2' }],
  },
  {
    razon: 'Pesquera Atlántico Sur S.A.',
    fantasia: 'PASSA',
    iva: 'responsable_inscripto',
    localidad: 'Puerto Madryn',
    provincia: 'Chubut',
    domicilio: 'Av. Roca 1200',
    servidores: [{ nombre: 'PASSA-ERP', so: 'Windows Server 2022', motor: 'SQL Server 2022', version: '8.5.0' }],
  },
  {
    razon: 'Citrícola Jujeña S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'San Salvador de Jujuy',
    provincia: 'Jujuy',
    domicilio: 'Belgrano 1044',
    servidores: [{ nombre: 'CJ-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.3.2' }],
  },
  {
    razon: 'Molinos Harineros Pampeanos S.A.',
    fantasia: 'Molinos Pampa',
    iva: 'responsable_inscripto',
    localidad: 'Santa Rosa',
    provincia: 'La Pampa',
    domicilio: 'Av. Spinetto 1560',
    servidores: [{ nombre: 'MHP-01', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '8.0.9' }],
  },
  {
    razon: 'Olivícola Riojana S.R.L.',
    fantasia: null,
    iva: 'monotributo',
    localidad: 'Chilecito',
    provincia: 'La Rioja',
    domicilio: 'Joaquín V. González 310',
    servidores: [{ nombre: 'OLIVA-PC', so: 'Windows 10 Pro', motor: 'SQL Server 2017 Express', version: '7.9.1' }],
  },
  {
    razon: 'Servicios Petroleros Austral S.A.',
    fantasia: 'SPA',
    iva: 'responsable_inscripto',
    localidad: 'Comodoro Rivadavia',
    provincia: 'Chubut',
    domicilio: 'Av. Hipólito Yrigoyen 4300',
    contacto: ['Martín', 'Álvarez', 'IT'],
    servidores: [
      {
        nombre: 'SPA-PHYSIS',
        so: 'Windows Server 2022',
        motor: 'SQL Server 2022',
        version: '8.5.1',
        dns: ['physis.spa-austral.com.ar'],
      },
      { nombre: 'SPA-DR', so: 'Windows Server 2022', motor: 'SQL Server 2022', version: '8.5.1' },
    ],
  },
  {
    razon: 'Librería y Papelera Santiagueña S.R.L.',
    fantasia: 'Papelera Santiago',
    iva: 'responsable_inscripto',
    localidad: 'Santiago del Estero',
    provincia: 'Santiago del Estero',
    domicilio: 'Absalón Rojas 260',
    servidores: [{ nombre: 'LPS-SRV', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '8.1.0' }],
  },
  {
    razon: 'Agroinsumos Formosa S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'Formosa',
    provincia: 'Formosa',
    domicilio: 'Av. 25 de Mayo 650',
    servidores: [],
  },
  {
    razon: 'Turismo Fin del Mundo S.R.L.',
    fantasia: 'Fin del Mundo Tours',
    iva: 'responsable_inscripto',
    localidad: 'Ushuaia',
    provincia: 'Tierra del Fuego',
    domicilio: 'San Martín 880',
    servidores: [{ nombre: 'TFM-SRV', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.4.0' }],
  },
  {
    razon: 'Distribuidora Puntana S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'San Luis',
    provincia: 'San Luis',
    domicilio: 'Av. Illia 340',
    servidores: [{ nombre: 'DP-01', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.2.0' }],
  },
  {
    razon: 'Colegio San Martín de Tours Asociación Civil',
    fantasia: 'Colegio San Martín',
    iva: 'exento',
    localidad: 'Ciudad Autónoma de Buenos Aires',
    provincia: 'Ciudad Autónoma de Buenos Aires',
    domicilio: 'Av. Cabildo 2830',
    servidores: [{ nombre: 'CSMT-ADM', so: 'Windows Server 2019', motor: 'SQL Server 2019', version: '8.3.9' }],
  },
  {
    razon: 'Logística Santa Cruz S.A.',
    fantasia: null,
    iva: 'responsable_inscripto',
    localidad: 'Río Gallegos',
    provincia: 'Santa Cruz',
    domicilio: 'Av. Kirchner 1100',
    servidores: [{ nombre: 'LSC-SRV', so: 'Windows Server 2016', motor: 'SQL Server 2016', version: '8.0.3' }],
  },
];

const nota = (texto: string): DocumentJson => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: texto }] }],
});

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 16);

/** The client's own parameters: general, paths, AFIP web services and secrets. */
function parametrosDe(
  c: Cliente,
  i: number,
): { grupo: string; clave: string; tipo: ParametroTipo; valor: string; descripcion?: string }[] {
  const base = slug(c.fantasia ?? c.razon);
  return [
    { grupo: 'General', clave: 'empresa.codigo', tipo: 'texto', valor: base.toUpperCase().slice(0, 8) },
    { grupo: 'General', clave: 'sucursales', tipo: 'numero', valor: String(1 + (i % 5)) },
    { grupo: 'General', clave: 'multimoneda', tipo: 'booleano', valor: i % 3 === 0 ? 'true' : 'false' },
    { grupo: 'Rutas', clave: 'ruta.datos', tipo: 'ruta', valor: 'C:\\Physis\\Datos' },
    {
      grupo: 'Rutas',
      clave: 'ruta.backup',
      tipo: 'ruta',
      valor: `\\\\${c.servidores[0]?.nombre ?? 'SRV'}\\Backup\\Physis`,
    },
    {
      grupo: 'AFIP',
      clave: 'wsfe.url',
      tipo: 'url',
      valor:
        i % 4 === 0
          ? 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx'
          : 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
      descripcion: 'Factura electrónica (WSFEv1)',
    },
    { grupo: 'AFIP', clave: 'wsfe.punto_venta', tipo: 'numero', valor: String(2 + (i % 7)) },
    {
      grupo: 'AFIP',
      clave: 'certificado.clave',
      tipo: 'secreto',
      valor: `Cert-${base}-${1000 + i * 37}!`,
      descripcion: 'Contraseña del .pfx del certificado',
    },
    { grupo: 'Base de datos', clave: 'sql.usuario', tipo: 'texto', valor: 'physis_app' },
    {
      grupo: 'Base de datos',
      clave: 'sql.password',
      tipo: 'secreto',
      valor: `Ph${base.slice(0, 4)}#${2020 + (i % 6)}$db`,
      descripcion: 'Usuario de la aplicación en SQL Server',
    },
    { grupo: 'Correo', clave: 'smtp.servidor', tipo: 'texto', valor: `mail.${base}.com.ar` },
    { grupo: 'Correo', clave: 'smtp.puerto', tipo: 'numero', valor: '587' },
    { grupo: 'Correo', clave: 'smtp.password', tipo: 'secreto', valor: `Smtp-${base}-${i}` },
  ];
}

/**
 * ~30 Argentine clients with valid CUITs, their servers and Physis versions, contacts, parameters (secrets encrypted)
 * and history.
 */
export async function seedClientes(tx: Tx, opts: { secretsKey?: Buffer | undefined; dataDir?: string }): Promise<void> {
  const key = opts.secretsKey ?? (opts.dataDir ? secretsKeyOf({ dataDir: opts.dataDir }) : undefined);
  if (!key) throw new Error('seedClientes: falta la clave de los secretos (SECRETS_KEY o DATA_DIR)');
  const filas = C.map((c, i) => ({
    razonSocial: c.razon,
    nombreFantasia: c.fantasia,
    cuit: cuitDe(i % 5 === 3 ? '33' : '30', 50_112_340 + i * 104_729),
    condicionIva: c.iva,
    email: `administracion@${slug(c.fantasia ?? c.razon)}.com.ar`,
    telefono: `+54 ${['11', '341', '351', '261', '299'][i % 5]} ${4000 + i * 13}-${1000 + i * 71}`,
    domicilio: c.domicilio,
    localidad: c.localidad,
    provincia: c.provincia,
    activo: c.activo ?? true,
    notas:
      i % 4 === 0
        ? nota(`Cliente desde ${2008 + (i % 15)}. Soporte por abono mensual; actualizar fuera del horario comercial.`)
        : emptyDocument(),
    fechaAlta: `${2008 + (i % 15)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
  }));
  const ids = await tx.insert(clientes).values(filas).returning({ id: clientes.id });

  // Contacts: people of the client (personas.empresa_id), one of them the client's contact.
  const contactos = C.flatMap((c, i) => (c.contacto ? [{ i, c: c.contacto }] : []));
  if (contactos.length) {
    const personasIds = await tx
      .insert(personas)
      .values(
        contactos.map(({ i, c: [nombre, apellido, puesto] }) => ({
          nombre,
          apellido,
          puesto,
          email: `${slug(nombre)}.${slug(apellido)}@${slug(C[i]!.fantasia ?? C[i]!.razon)}.com.ar`,
          clienteId: ids[i]!.id,
        })),
      )
      .returning({ id: personas.id });
    for (const [n, { i }] of contactos.entries()) {
      await tx.update(clientes).set({ contactoId: personasIds[n]!.id }).where(eq(clientes.id, ids[i]!.id));
    }
  }

  const servidores = C.flatMap((c, i) =>
    c.servidores.map((s, j) => ({
      clienteId: ids[i]!.id,
      nombre: s.nombre,
      hostname: `${s.nombre.toLowerCase()}.${slug(c.fantasia ?? c.razon)}.local`,
      ip: `192.168.${10 + (i % 200)}.${10 + j}`,
      puerto: 1433,
      so: s.so,
      motorBd: s.motor,
      instanciaBd: j === 0 ? 'MSSQLSERVER' : `PHYSIS${j}`,
      versionPhysis: s.version,
      dns: s.dns ?? [],
    })),
  );
  const servidorIds = await tx
    .insert(servidoresCliente)
    .values(servidores.map(({ dns: _d, ...s }) => s))
    .returning({ id: servidoresCliente.id });
  const dns = servidores.flatMap((s, n) => s.dns.map((host) => ({ servidorId: servidorIds[n]!.id, host })));
  if (dns.length) await tx.insert(servidoresClienteDns).values(dns);

  const params = C.flatMap((c, i) =>
    parametrosDe(c, i).map((p) => ({
      clienteId: ids[i]!.id,
      servidorId: null as number | null,
      grupo: p.grupo,
      clave: p.clave,
      tipo: p.tipo,
      descripcion: p.descripcion ?? null,
      ...almacenado(key, p.tipo, p.valor),
    })),
  );
  // Server-level parameters of each client's first server.
  const primeros = servidores
    .map((s, n) => ({ s, id: servidorIds[n]!.id }))
    .filter((x, n, all) => all.findIndex((y) => y.s.clienteId === x.s.clienteId) === n);
  for (const { s, id } of primeros) {
    params.push(
      {
        clienteId: s.clienteId,
        servidorId: id,
        grupo: 'Servicio',
        clave: 'servicio.puerto',
        tipo: 'numero',
        descripcion: 'Puerto del servicio de Physis',
        ...almacenado(key, 'numero', '8095'),
      },
      {
        clienteId: s.clienteId,
        servidorId: id,
        grupo: 'Servicio',
        clave: 'servicio.ruta',
        tipo: 'ruta',
        descripcion: null,
        ...almacenado(key, 'ruta', 'C:\\Program Files\\Physis\\Servicio'),
      },
      {
        clienteId: s.clienteId,
        servidorId: id,
        grupo: 'Servicio',
        clave: 'sa.password',
        tipo: 'secreto',
        descripcion: 'Usuario sa de la instancia',
        ...almacenado(key, 'secreto', `Sa!${s.nombre}-${id * 7}`),
      },
    );
  }
  await tx.insert(parametros).values(params);

  const id = (razon: string) => ids[C.findIndex((c) => c.razon === razon)]!.id;
  await historiaDemo(
    tx,
    ENTIDAD,
    ids.map((r) => r.id),
    async (db, id) => clienteAuditado(await clienteDetalle(db, id)),
    [
      { id: id('Agroinsumos Formosa S.A.'), por: 'admin', antes: { domicilio: 'San Martín 1120' } },
      {
        id: id('Bodegas Valle de Uco S.A.'),
        por: 'admin',
        antes: { localidad: 'Tunuyán', domicilio: 'Ruta Prov. 94 km 3' },
      },
      { id: id('Agroinsumos Formosa S.A.'), por: 'admin', antes: { condicion_iva: 'monotributo' } },
    ],
  );
}
