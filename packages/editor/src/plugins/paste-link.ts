// Pasted text that ends in a URL-like string gets that string linked (new tab), as the specification asks.
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { schema } from '../schema/index.ts';
import { safeUrl } from '../url.ts';

const URL_AT_END = /(?:^|\s)((?:https?:\/\/)?(?:[\da-z-]+\.)+[a-z]{2,6}(?::\d+)?(?:[/?#][^\s]*)?)$/i;

/** The URL-like string at the end of a text, without trailing punctuation, and where it starts. */
export function trailingUrl(text: string): { url: string; start: number } | null {
  const trimmed = text.replace(/[.,;:!?)\]'"»]+$/, '');
  const match = URL_AT_END.exec(trimmed);
  if (!match) return null;
  const url = match[1]!;
  return { url, start: trimmed.length - url.length };
}

export function hrefFor(url: string): string | null {
  return safeUrl(/^https?:\/\//i.test(url) ? url : `https://${url}`);
}

function linkLastText(fragment: Fragment): Fragment {
  const last = fragment.lastChild;
  if (!last) return fragment;
  let replaced: PMNode | null = null;
  if (last.isText) {
    const found = trailingUrl(last.text ?? '');
    const href = found && hrefFor(found.url);
    const link = schema.marks.link!;
    if (found && href && !link.isInSet(last.marks)) {
      const end = found.start + found.url.length;
      const parts = [
        found.start > 0 ? last.cut(0, found.start) : null,
        last.cut(found.start, end).mark(link.create({ href, target: '_blank' }).addToSet(last.marks)),
        end < last.text!.length ? last.cut(end) : null,
      ].filter((part): part is PMNode => part !== null);
      return fragment.replaceChild(fragment.childCount - 1, parts[0]!).append(Fragment.from(parts.slice(1)));
    }
    return fragment;
  }
  if (!last.isLeaf && !last.type.spec.code) {
    replaced = last.copy(linkLastText(last.content));
    return fragment.replaceChild(fragment.childCount - 1, replaced);
  }
  return fragment;
}

export function linkTrailingUrl(slice: Slice): Slice {
  return new Slice(linkLastText(slice.content), slice.openStart, slice.openEnd);
}

export function pasteLinkPlugin(): Plugin {
  return new Plugin({ props: { transformPasted: (slice) => linkTrailingUrl(slice) } });
}
