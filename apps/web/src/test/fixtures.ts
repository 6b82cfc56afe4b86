import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { FieldErrors } from '@intranet/contract/shared/envelope';
import { HttpError } from '../core/http/HttpError.ts';

/**
 * Shared set-up of the area screen tests. Each test file still declares its own `vi.mock` of the http layer,
 * the config and the permissions (vi.mock is hoisted per file); the answers, failures, routes and gestures
 * they share live here.
 */

/** A successful `{api}` answer, as the mocked http layer resolves it. */
export const ok = <T>(datos: T) => ({ error: null, datos });

/** A 400 answer with field errors, as core/http throws it. */
export const badRequest = (campos: FieldErrors, error = 'Datos inválidos') =>
  new HttpError(400, { error, datos: null, campos }, error);

/**
 * An implementation for the mocked `http.get`: each key is a URL answered with its `datos`; a key ending in
 * '?' answers every URL it starts (the query string varies). Any other URL fails, so an unexpected call shows.
 */
export function answers(routes: Record<string, unknown>) {
  return async (url: string) => {
    if (url in routes) return ok(routes[url]);
    const prefix = Object.keys(routes).find((key) => key.endsWith('?') && url.startsWith(key));
    if (prefix !== undefined) return ok(routes[prefix]);
    throw new Error(`GET inesperado: ${url}`);
  };
}

/** What `GET /api/vistas` answers for a list with no saved views (every paged list asks it, beside its rows). */
export const sinVistas = (url: string) =>
  url.startsWith('/api/vistas?') ? { error: null, datos: { vistas: [], predeterminada: null } } : undefined;

/** A page to navigate to, showing only `text`. */
export const stubRoute = (path: string, text: string): RouteObject => ({
  path,
  element: createElement('p', null, text),
});

/**
 * Opens a Mantine select (a form field or a list filter) by its label, inside `container` when given (a
 * dialog), and answers its list of options (the test DOM leaves Mantine's dropdowns styled as hidden, so look in it
 * with `hidden: true`).
 */
export async function openSelect(label: string | RegExp, container?: HTMLElement): Promise<HTMLElement> {
  const input = (container ? within(container) : screen).getByRole('textbox', { name: label });
  fireEvent.click(input);
  return waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error(`La lista de ${String(label)} no se abrió`);
    return element;
  });
}

/** The options a select's open list offers, by name. */
export const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);

/** Picks an option of a select, as a user does: open it, click the option. */
export async function choose(label: string | RegExp, option: string | RegExp, container?: HTMLElement): Promise<void> {
  const listbox = await openSelect(label, container);
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

/** Watches the notifications a screen shows (the shell's <Notifications /> is not rendered in tests). */
export const watchNotifications = () => vi.spyOn(notifications, 'show');
