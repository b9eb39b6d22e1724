/**
 * LLM output is untrusted (OWASP LLM05: a model that read hostile publisher text may echo it): every string a model writes is reduced to one line of plain
 * text before it can reach a page, an API response or another agent, and text that looks like it is talking to a
 * model (an echoed injection, a role marker, a tool call, a refusal) is detected so the whole output is quarantined.
 */
import { htmlToText } from '../normalize/html-text.ts'

/**
 * HTML tags and entities, Markdown (images, links, reference definitions, code fences, inline code, headings,
 * quotes, list markers, emphasis markers), bare URLs and other link schemes, control, zero-width and bidi characters
 * → one line of plain text. The Markdown passes run both before the HTML pass (where line starts still exist) and
 * after it (where entity-encoded syntax such as `&#91;x&#93;(…)` has been decoded).
 */
export function sanitizeLlmText(raw: string): string {
  let s = raw.normalize('NFC').replace(/\r\n?/g, '\n')
  s = stripBlockMarkdown(s)
  s = htmlToText(s) // tags, comments, entities, C0/C1 and bidi controls
  s = stripInlineMarkdown(s)
  s = stripUrls(s)
  s = stripInvisible(s)
  return s.replace(/[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, ' ').trim()
}

function stripBlockMarkdown(s: string): string {
  return s
    .replace(/^[ \t]*(`{3,}|~{3,}).*$/gm, '') // code fence lines (the fenced text stays, as text)
    .replace(/^[ \t]*\[[^\]\n]+\]:[ \t]*\S+.*$/gm, '') // reference definitions [id]: url "title"
    .replace(/^[ \t]{0,3}#{1,6}(?=[ \t]|$)[ \t]*/gm, '') // ATX headings
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '') // block quotes
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/gm, '') // list items
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '') // thematic breaks
    .replace(/^[ \t]*(?:=+|-+)[ \t]*$/gm, '') // setext underlines
}

function stripInlineMarkdown(s: string): string {
  let prev: string
  let out = s
  // Repeat for nesting such as [![alt](img)](link).
  do {
    prev = out
    out = out
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '') // images go entirely: never an exfiltration URL, never alt text as content
      .replace(/!\[[^\]]*\]\[[^\]]*\]/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // inline links keep their text
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // reference links
  } while (out !== prev)
  return out
    .replace(/`+/g, '') // inline code
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2') // strong, strike
    .replace(/(^|[\s(])\*(?=\S)([^*\n]*?\S)\*(?=$|[\s).,;:!?])/g, '$1$2') // *emphasis*
}

/** URLs and link schemes, with or without `<…>`; a word followed by a colon ("JavaScript: …") stays. */
function stripUrls(s: string): string {
  return s
    .replace(/<?\b(?:https?|ftp|ftps|file|wss?):\/\/[^\s<>"]*>?/gi, '')
    .replace(/<?\b(?:javascript|vbscript|data|mailto|tel|blob):[^\s<>"]+>?/gi, '')
    .replace(/<?\bwww\.[^\s<>"]+\.[^\s<>"]+>?/gi, '')
}

/** Zero-width, bidi marks and other invisible format characters that htmlToText's control pass keeps. */
function stripInvisible(s: string): string {
  return s.replace(/[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]/g, '')
}

/** Lower-cased, compatibility-normalized, invisible characters removed, whitespace collapsed: what detection reads. */
function detectionForm(s: string): string {
  return stripInvisible(s.normalize('NFKC'))
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ')
}

/** Instruction-like patterns aimed at models (a prompt injection that got through): found in any field, the output is quarantined. */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass)\b(?: \w+){0,3} (?:previous|prior|above|earlier|preceding|former|original|system|all)\b(?: \w+){0,2} (?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context)\b/,
  /\bnew (?:instructions|system prompt|rules)\s*:/,
  /\byou are (?:now )?(?:chatgpt|gpt-?\d|claude|gemini|llama|an? (?:ai|large language model|language model|llm|chatbot|ai assistant|assistant)\b)/,
  /\b(?:ignore|disregard|forget) (?:everything|all) (?:above|before|previously said)\b/,
  /\bas an ai language model\b/,
  /\bas an? (?:ai|large language model|language model)(?: assistant| model)?, i\b/,
  /\b(?:system|developer) (?:prompt|message|instructions?)\b/,
  /\b(?:jailbreak|prompt injection payload|do anything now)\b/,
  /<\|?\/?(?:im_start|im_end|system|user|assistant|endoftext|tool_call|eot_id|start_header_id)\|?>/,
  /\[\/?inst\]|<<\/?sys>>/,
  /(?:^|\s)#{2,3} ?(?:instruction|system|response)\s*:/,
  /"(?:tool_calls|function_call|tool_call|arguments|tool_choice)"\s*:/,
  /\{\s*"(?:name|type)"\s*:\s*"[^"]*"\s*,\s*"(?:arguments|parameters|function)"/,
  /\bi(?:'m| am) sorry,? but i (?:can(?:not|'t)|am (?:not able|unable))\b/,
  /\bi (?:cannot|can't|won't|am unable to) (?:help|assist|comply|fulfil|fulfill|provide)\b/,
]

/** The first instruction-like pattern found in `text` (raw or sanitized), or undefined. */
export function findInstructionLike(text: string): string | undefined {
  const form = detectionForm(text)
  for (const pattern of INSTRUCTION_PATTERNS) {
    const m = pattern.exec(form)
    if (m) return m[0].slice(0, 80)
  }
  return undefined
}
