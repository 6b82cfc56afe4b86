import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLoginCandidate } from './core/sessions.ts';
import { verifyPassword } from './core/passwords.ts';
import type { Db } from './db/client.ts';
import { DEMO_USERS, type SeedResult } from './seed.ts';

/** Generated passwords, kept beside the data (DATA_DIR is git-ignored) so later starts can show them again. */
interface Saved {
  admin?: string;
  demo?: string;
}

const fileOf = (dataDir: string) => join(dataDir, 'credenciales.json');

/** Saves the generated passwords; answers an error message instead of throwing (the seed is committed). */
export function saveGenerated(dataDir: string, generated: SeedResult['generated']): string | undefined {
  if (!generated.admin && !generated.demo) return undefined;
  const file = fileOf(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return undefined;
  } catch (err) {
    return `No se pudo guardar ${file} (${err instanceof Error ? err.message : String(err)}); anote las contraseñas de abajo.`;
  }
}

function readSaved(dataDir: string): Saved {
  try {
    const parsed: unknown = JSON.parse(readFileSync(fileOf(dataDir), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { admin, demo } = parsed as Record<string, unknown>;
    return { ...(typeof admin === 'string' && { admin }), ...(typeof demo === 'string' && { demo }) };
  } catch {
    return {};
  }
}

/**
 * One line per demo user. A password the portal generated is shown while it still works; one given in the
 * environment never is (the line names the variable), nor one that was changed.
 */
export async function credentialLines(
  db: Db,
  opts: { dataDir: string; adminPassword?: string | undefined; demoPassword?: string | undefined; generated?: Saved },
): Promise<string[]> {
  const saved = { ...readSaved(opts.dataDir), ...opts.generated };
  const lines: string[] = [];
  for (const u of DEMO_USERS) {
    const [generated, given] = u.demo ? [saved.demo, opts.demoPassword] : [saved.admin, opts.adminPassword];
    const user = await findLoginCandidate(db, u.usuario);
    if (!user) continue;
    const works = async (password: string | undefined) =>
      password !== undefined && (await verifyPassword(user.passwordHash, password));
    const variable = u.demo ? 'DEMO_PASSWORD' : 'ADMIN_PASSWORD';
    if (await works(generated)) lines.push(`  Ingrese como ${u.usuario} / ${generated}`);
    else if (await works(given)) lines.push(`  Ingrese como ${u.usuario} con la contraseña de ${variable}`);
    else if (generated === undefined && given === undefined)
      lines.push(`  ${u.usuario}: use la contraseña de ${variable} del primer inicio`);
    else lines.push(`  ${u.usuario}: la contraseña fue cambiada (no se puede mostrar)`);
  }
  return lines;
}
