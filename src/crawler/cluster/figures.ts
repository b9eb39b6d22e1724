/**
 * Clustering stage: the figures an article states (amounts, percentages, counts), normalized so that one figure
 * written in different languages and styles gives one key: 1.4 / 1,4; 128,000 / 128.000 / 128 000; "$1.2bn" /
 * "1.2 billion dollars" / "1,2 Mrd." / "1.200 millones" / "1,2 miliardi" / "1,2 bilhão". Figures survive translation, which makes them, with names,
 * the evidence that joins coverage of one event across languages (similarity.ts).
 *
 * Separators follow the article's language: English writes "1,234.5", the other languages here "1.234,5" (and
 * French "1 234,5"). A lone separator followed by exactly three digits is a thousands separator in the language's
 * style (English "2,300", German "2.300"); otherwise it is the decimal point.
 *
 * What is not evidence is left out: years (1900–2099), plain integers below 100 ("40 ships", "24 hours": too often
 * shared by chance) unless they are percentages, and bare zeros. A number glued to a Latin, Greek or Cyrillic letter
 * is part of a name ("A380", "F35", "G7"); Japanese, Korean and Arabic write numbers against their words
 * ("マグニチュード7.1の地震", "金利を0.5%に", "و500 شخص"), where the number is the figure.
 */

/** A number, a scale word and a percent sign or word, in any of the languages clustering knows. */
const FIGURE = new RegExp(
  String.raw`(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}.,])(\d{1,3}(?:(?:[,.]|[ \u00a0\u202f](?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)` +
  String.raw`(?:\s?(%|per ?cent\b|percent\b|por ?ciento\b|pour ?cent\b|prozent\b|per ?cento\b|por ?cento\b|trillions?\b|tn\b|trn\b|trln\b|billones\b|billón\b|t\b|` +
  String.raw`bn\b|bln\b|billion\b|billions\b|b\b|mrd\b\.?|milliarden?\b|milliards?\b|mds?\b|` +
  String.raw`mil\s+mill(?:ones|ón)\b|mil\s+milh(?:ões|ão)\b|miliard[io]\b|bilh(?:ões|ão)\b|mn\b|mln\b|m\b|million\b|millions\b|millón\b|millones\b|mio\b\.?|millionen\b|milion[ei]\b|milh(?:ões|ão)\b|k\b|thousand\b|mila\b|mil\b|[万億兆千만억조천]))?`,
  'giu',
)

const SCALE: Record<string, number> = {
  trillion: 1e12, trillions: 1e12, tn: 1e12, trn: 1e12, trln: 1e12, t: 1e12, billones: 1e12, 'billón': 1e12, bln: 1e9, b: 1e9, mln: 1e6,
  bn: 1e9, billion: 1e9, billions: 1e9, mrd: 1e9, 'mrd.': 1e9, milliarde: 1e9, milliarden: 1e9, milliard: 1e9, milliards: 1e9,
  md: 1e9, mds: 1e9, mn: 1e6, m: 1e6, million: 1e6, millions: 1e6, 'millón': 1e6, millones: 1e6, mio: 1e6, 'mio.': 1e6,
  millionen: 1e6, k: 1e3, thousand: 1e3,
  // Italian and Portuguese; Spanish and Portuguese "mil" is a thousand, "mil millones" / "mil milhões" a billion.
  miliardi: 1e9, miliardo: 1e9, 'bilhões': 1e9, 'bilhão': 1e9, milioni: 1e6, milione: 1e6, 'milhões': 1e6, 'milhão': 1e6,
  mila: 1e3, mil: 1e3, 'milmillones': 1e9, 'milmillón': 1e9, 'milmilhões': 1e9, 'milmilhão': 1e9,
  // Japanese and Korean count in ten thousands: "3万人" is 30,000 people, "1000万円" ten million yen, "10만 명" 100,000.
  千: 1e3, 万: 1e4, 億: 1e8, 兆: 1e12, 천: 1e3, 만: 1e4, 억: 1e8, 조: 1e12,
}

/** The value of a written number in the given language's style ("2.300" is 2300 in German, 2.3 in English). */
export function parseNumber(written: string, language: string | null): number {
  const s = written.replace(/[ \u00a0\u202f]/g, '')
  const english = language === 'en' || language === 'ja' || language === 'ko' || language === null
  const dots = (s.match(/\./g) ?? []).length
  const commas = (s.match(/,/g) ?? []).length
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal point.
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ','
    return Number(s.replace(decimal === '.' ? /,/g : /\./g, '').replace(',', '.'))
  }
  const sep = dots > 0 ? '.' : commas > 0 ? ',' : null
  if (sep === null) return Number(s)
  const groups = s.split(sep)
  const thousands = groups.length > 2 || groups[1]!.length === 3
  // A lone separator with three digits after it: thousands in the language's style, the decimal point otherwise.
  if (thousands && (groups.length > 2 || (english ? sep === ',' : sep === '.'))) return Number(groups.join(''))
  return Number(s.replace(sep, '.'))
}

/** A value as a key: three significant digits (2,300 and 2.3 thousand agree; 48,500 and $48.5k too). */
function valueKey(value: number): string {
  return String(Number(value.toPrecision(3)))
}

export interface Figure {
  /** The normalized figure: "2300", "1200000000", "6.2%". */
  key: string
  /** The number as written, normalized, without its scale or percent ("1.2" of "$1.2bn"): what a title token holds. */
  plain: string
  /** Index in the text. */
  index: number
}

/** Every figure of the text that can identify an event, in order (see the module comment for what is left out). */
export function extractFigures(text: string, language: string | null): Figure[] {
  const out: Figure[] = []
  for (const m of text.matchAll(FIGURE)) {
    const written = m[1]!
    const unit = m[2]?.toLowerCase().replace(/\s/g, '') ?? ''
    const percent = unit === '%' || /cent|prozent/.test(unit)
    // "3m" right after a figure is metres as often as millions, "5t" tonnes and "3b" anything: only a currency sign
    // before it makes it an amount ("$70M", "$6T", "$1.2B").
    const bare = (unit === 'm' || unit === 't' || unit === 'b') && !/[$€£¥]\s?$/.test(text.slice(Math.max(0, m.index - 2), m.index))
    const scale = bare ? 1 : SCALE[unit] ?? 1
    const value = parseNumber(written, language) * scale
    if (!Number.isFinite(value) || value === 0) continue
    const plainInteger = !percent && scale === 1 && /^\d+$/.test(written)
    if (plainInteger && (value < 100 || (value >= 1900 && value <= 2099))) continue
    const plain = numberKey(written, language)
    out.push({ key: percent ? `${valueKey(value)}%` : valueKey(value), plain, index: m.index })
  }
  return out
}

/** A written number ("2,300", "2.300", "46,096") as compared across languages and styles. */
export function numberKey(written: string, language: string | null): string {
  const value = parseNumber(written, language)
  return Number.isFinite(value) ? valueKey(value) : written
}

/** The distinct figure keys of a text. */
export function figureKeys(text: string, language: string | null): string[] {
  return [...new Set(extractFigures(text, language).map((f) => f.key))]
}
