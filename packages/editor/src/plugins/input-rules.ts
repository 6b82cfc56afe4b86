// Typing shortcuts the specification lists. The typography rules never apply inside code (block or mark).
import {
  closeDoubleQuote,
  closeSingleQuote,
  ellipsis,
  emDash,
  inputRules,
  openDoubleQuote,
  openSingleQuote,
  textblockTypeInputRule,
  wrappingInputRule,
} from 'prosemirror-inputrules';
import type { Plugin } from 'prosemirror-state';
import { schema } from '../schema/index.ts';

const { blockquote, ordered_list, bullet_list, code_block, heading } = schema.nodes;

export function editorInputRules(): Plugin {
  return inputRules({
    rules: [
      emDash,
      ellipsis,
      openDoubleQuote,
      closeDoubleQuote,
      openSingleQuote,
      closeSingleQuote,
      wrappingInputRule(/^\s*>\s$/, blockquote!),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        ordered_list!,
        (match) => ({ order: Number(match[1]) }),
        (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1]),
      ),
      wrappingInputRule(/^\s*([-+*])\s$/, bullet_list!),
      textblockTypeInputRule(/^```$/, code_block!),
      textblockTypeInputRule(/^(#{1,6})\s$/, heading!, (match) => ({ level: match[1]!.length })),
    ],
  });
}
