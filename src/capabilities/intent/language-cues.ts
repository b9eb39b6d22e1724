import { LANGUAGES, type Language } from '../../domain/languages.ts'

/** Language names as the `understood` sentence gives them (it is always English). */
export const ENGLISH_NAMES: Record<Language, string> = {
  en: 'English', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', ja: 'Japanese',
  ko: 'Korean', ar: 'Arabic',
}

/** How each language (outer key) names the nine languages (inner key). */
const NAMES: Record<Language, Record<Language, string>> = {
  en: {
    en: 'english', es: 'spanish', fr: 'french', de: 'german', it: 'italian', pt: 'portuguese', ja: 'japanese',
    ko: 'korean', ar: 'arabic',
  },
  es: {
    en: 'inglés', es: 'español', fr: 'francés', de: 'alemán', it: 'italiano', pt: 'portugués', ja: 'japonés',
    ko: 'coreano', ar: 'árabe',
  },
  fr: {
    en: 'anglais', es: 'espagnol', fr: 'français', de: 'allemand', it: 'italien', pt: 'portugais', ja: 'japonais',
    ko: 'coréen', ar: 'arabe',
  },
  de: {
    en: 'Englisch', es: 'Spanisch', fr: 'Französisch', de: 'Deutsch', it: 'Italienisch', pt: 'Portugiesisch',
    ja: 'Japanisch', ko: 'Koreanisch', ar: 'Arabisch',
  },
  it: {
    en: 'inglese', es: 'spagnolo', fr: 'francese', de: 'tedesco', it: 'italiano', pt: 'portoghese', ja: 'giapponese',
    ko: 'coreano', ar: 'arabo',
  },
  pt: {
    en: 'inglês', es: 'espanhol', fr: 'francês', de: 'alemão', it: 'italiano', pt: 'português', ja: 'japonês',
    ko: 'coreano', ar: 'árabe',
  },
  ja: {
    en: '英語', es: 'スペイン語', fr: 'フランス語', de: 'ドイツ語', it: 'イタリア語', pt: 'ポルトガル語', ja: '日本語',
    ko: '韓国語', ar: 'アラビア語',
  },
  ko: {
    en: '영어', es: '스페인어', fr: '프랑스어', de: '독일어', it: '이탈리아어', pt: '포르투갈어', ja: '일본어',
    ko: '한국어', ar: '아랍어',
  },
  ar: {
    en: 'الإنجليزية', es: 'الإسبانية', fr: 'الفرنسية', de: 'الألمانية', it: 'الإيطالية', pt: 'البرتغالية',
    ja: 'اليابانية', ko: 'الكورية', ar: 'العربية',
  },
}

/**
 * How each language says "in <language>": `{}` stands for the name. A bare language name is not a cue — "German
 * news" may be news about Germany — only the phrase that asks for the reply in it.
 */
const FRAMES: Record<Language, string[]> = {
  en: ['in {}'],
  es: ['en {}'],
  fr: ['en {}'],
  de: ['auf {}', 'in {}'],
  it: ['in {}', 'in lingua {}'],
  pt: ['em {}'],
  ja: ['{}で'],
  ko: ['{}로'],
  // بالعربية is بـ ("in") written onto العربية.
  ar: ['ب{}', 'باللغة {}'],
}

export interface LanguageCue {
  phrase: string
  /** The language the reply is asked in. */
  target: Language
  /** The language the cue is written in. */
  lang: Language
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const NAMED = new Map(LANGUAGES.flatMap((lang) => LANGUAGES.map((target): [string, Language] => [fold(NAMES[lang][target]), target])))

/** The language a name written in any of the nine names ("português", "Englisch", "英語"), if any. */
export function languageNamed(name: string): Language | undefined {
  return NAMED.get(fold(name.trim()))
}

/** Everyday spellings the frames do not produce. */
const EXTRA: LanguageCue[] = [
  { phrase: 'بالعربي', target: 'ar', lang: 'ar' },
  { phrase: '한국말로', target: 'ko', lang: 'ko' },
  { phrase: '우리말로', target: 'ko', lang: 'ko' },
]

/** Every cue phrase, plus the machine forms agents write: "lang es", "lang=es", "language: es". */
export function languageCues(): LanguageCue[] {
  const cues: LanguageCue[] = []
  for (const lang of LANGUAGES) {
    for (const target of LANGUAGES) {
      for (const frame of FRAMES[lang]) cues.push({ phrase: frame.replace('{}', NAMES[lang][target]), target, lang })
    }
  }
  cues.push(...EXTRA)
  for (const target of LANGUAGES) {
    cues.push({ phrase: `lang ${target}`, target, lang: 'en' }, { phrase: `language ${target}`, target, lang: 'en' })
  }
  return cues
}
