import { escribirZip } from '../core/escribir-zip.ts';

// XLSX files built to exhaust whoever reads them, for the tests and the benches: each under 1 MB as uploaded.

/** An XLSX of the given sheet and shared strings, deflated: a few hundred KB that inflate to their size. */
function xlsx(hoja: Buffer, compartidas: Buffer): Buffer {
  const texto = (nombre: string, datos: string) => ({ nombre, datos: Buffer.from(datos), comprimir: true });
  return escribirZip([
    texto(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    texto(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    texto(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    texto(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    { nombre: 'xl/sharedStrings.xml', datos: compartidas, comprimir: true },
    { nombre: 'xl/worksheets/sheet1.xml', datos: hoja, comprimir: true },
  ]).unir();
}

const repetido = (inicio: string, pieza: string, veces: number, fin: string) =>
  Buffer.from(inicio + pieza.repeat(veces) + fin);
const HOJA_CHICA = Buffer.from(
  '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
);

/** 1.6 million shared strings of 100 letters: 190 MB once inflated, a heap's worth of strings for a reader. */
export const bombaDeTextos = (): Buffer =>
  xlsx(
    HOJA_CHICA,
    repetido(
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      `<si><t>${'A'.repeat(100)}</t></si>`,
      1_600_000,
      '</sst>',
    ),
  );

/** A sheet of 4 million rows (all row 2, which compresses best): minutes of reading, little memory, were it read on. */
export const bombaDeFilas = (): Buffer =>
  xlsx(
    repetido(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      '<row r="2"><c r="A2"><v>1</v></c></row>',
      4_000_000,
      '</sheetData></worksheet>',
    ),
    Buffer.from('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"></sst>'),
  );
