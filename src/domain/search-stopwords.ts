import type { Language } from './languages.ts'

/**
 * Function words a search drops before it reaches the index: they occur in a large share of all headlines, so they
 * narrow nothing and would make a query walk long posting lists ("the", "of", "de", "la", "der"). Lower-case, as
 * written. Only articles, prepositions, conjunctions, pronouns and auxiliaries: words that carry news ("new", "war",
 * "says") stay, and so do function words that are also names in headlines (US, IT, May).
 * Japanese and Korean keywords are character sequences and have no list.
 */
const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean))

export const SEARCH_STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: words(`a an the and or but nor of to in on at by for from with into onto over under about as than then that
    this these those its is are was were be been being has have had do does did will would shall should can could
    might must he she they we you i me him her them our your their his my not no so if up out off via vs`),
  es: words(`el la los las un una unos unas y o u e ni de del al a en con por para sin sobre entre hasta desde que
    se su sus es son fue lo le les como más pero ya este esta estos estas ese esa`),
  fr: words(`le la les l un une des du de d au aux et ou ni à en dans sur sous par pour avec sans entre vers que qu
    qui se sa son ses est sont a ont ce cet cette ces il elle ils elles ne pas plus leur leurs`),
  de: words(`der die das den dem des ein eine einer einem einen eines und oder aber von zu zum zur in im an am auf
    aus bei mit nach vor für über unter um durch gegen ohne ist sind war wird werden hat haben sich es er sie nicht als wie`),
  it: words(`il lo la i gli le un uno una e o ed di del della dei delle degli al alla ai alle a da dal dalla in nel
    nella con su sul sulla per tra fra che chi si è sono ha non come più`),
  pt: words(`o a os as um uma uns umas e ou de do da dos das ao aos à às em no na nos nas por pelo pela pelos pelas
    para com sem sobre entre que se seu sua seus suas é são foi não como mais`),
  ar: words(`في من على إلى الى عن مع و أو ثم أن إن ان هذا هذه ذلك تلك التي الذي الذين هو هي هم كان كانت قد لا ما
    بين بعد قبل حتى عند`),
  ja: words(''),
  ko: words(''),
}

/** True when `word` (lower-cased) is a function word in `lang` or in English (headlines fall back to English). */
export function isSearchStopword(word: string, lang: Language): boolean {
  return SEARCH_STOPWORDS[lang].has(word) || SEARCH_STOPWORDS.en.has(word)
}
