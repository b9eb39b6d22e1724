/**
 * The parts of the synthetic vocabulary that make search expensive the way a real archive does, drawn from their
 * own random stream so the rest of a headline stays what it was.
 *
 * Productive roots: real news words share a few 4-letter beginnings ("inte" → international, internet, interest,
 * interview …), so a 4-letter prefix keyword stands for hundreds of distinct index tokens. Each root here takes a
 * middle syllable and an ending: 100 × 26 forms, the popular ones much more frequent than the rest.
 *
 * CJK: a share of stories carries Japanese and Korean headline translations, Japanese written without spaces (its
 * words joined by particles, so the whole headline is one CJK run of overlapping bigrams), Korean with spaces and
 * particles attached to the words.
 */
export const PRODUCTIVE_ROOTS = ['inte', 'cons', 'comp', 'pres', 'cont', 'prot', 'reco', 'tran', 'stra', 'prod',
  'repr', 'comm', 'deve', 'conf', 'disc', 'inve', 'prov', 'rece', 'inst', 'expe', 'appr', 'over', 'unde', 'elec',
  'gove', 'secu', 'mana', 'fina', 'publ', 'dist', 'reso', 'dete'] as const

const CLUSTERS = ['r', 'n', 'l', 's', 't', 'd', 'm', 'p', 'v', 'c', 'g', 'b', 'st', 'gr', 'pl', 'tr', 'nd', 'rt', 'ct', 'ns']
const VOWELS = ['a', 'e', 'i', 'o', 'u']
const ENDINGS = ['', 'e', 'es', 'ed', 'er', 'ers', 'ing', 'ion', 'ions', 'ional', 'ive', 'ity', 'al', 'ally', 'ment',
  'ments', 'ant', 'ance', 'ent', 'ence', 'ure', 'ly', 'or', 'ors', 'ate', 'ationally']

/** A word from a productive root: popular middles and endings (low indexes) far more often than the rest. */
export function productiveWord(rand: () => number): string {
  const root = PRODUCTIVE_ROOTS[Math.floor(rand() * PRODUCTIVE_ROOTS.length)]!
  const middle = Math.floor(CLUSTERS.length * VOWELS.length * rand() ** 2)
  const ending = ENDINGS[Math.floor(ENDINGS.length * rand() ** 1.5)]!
  return root + CLUSTERS[Math.floor(middle / VOWELS.length)]! + VOWELS[middle % VOWELS.length]! + ending
}

/** Japanese news words, most frequent first: compounds of three or more characters are several bigrams each. */
export const JA_WORDS = ['経済', '政府', '市場', '企業', '発表', '日本銀行', '人工知能', '株価', '首相', '半導体',
  '自動車', '金融政策', '円安', '物価', '投資', '貿易', '選挙', '地震', '予算', '決算', '輸出', '技術', '国際',
  '成長', '銀行', '金利', '賃上げ', '株式市場', '国内総生産', '電気自動車', '再生可能エネルギー', '少子化', '観光客',
  '新型', '規制', '訴訟', '合併', '買収', '社長', '会見', '東京', '大阪', '中国', '米国', '欧州', '通商', '関税',
  '原発', '防衛費', '外交', '首脳会談', '気候変動', '宇宙', '研究', '大学', '病院', '医療', '物流', '人手不足', '値上げ']
const JA_PARTICLES = ['の', 'が', 'を', 'に', 'で', 'と', 'は', 'へ', 'も']

/** Korean news words, most frequent first. */
export const KO_WORDS = ['경제', '정부', '시장', '기업', '발표', '한국은행', '인공지능', '주가', '대통령', '반도체',
  '자동차', '금리', '환율', '물가', '투자', '무역', '선거', '예산', '실적', '수출', '기술', '국제', '성장', '은행',
  '전기차', '부동산', '저출산', '관광객', '규제', '소송', '합병', '인수', '서울', '부산', '중국', '미국', '유럽', '관세',
  '원전', '국방', '외교', '정상회담', '기후변화', '우주', '연구', '대학', '병원', '의료', '물류', '인력난']
const KO_PARTICLES = ['', '이', '가', '을', '를', '의', '에', '에서', '와', '은', '는']

/** One of `words` with a Zipf-like tilt toward the start of the list. */
const pick = (words: readonly string[], rand: () => number) => words[Math.floor(words.length * rand() ** 2)]!

/** A Japanese headline of 5–8 words, each followed by a particle (the last by nothing): one CJK run. */
export function japaneseHeadline(rand: () => number): string {
  const n = 5 + Math.floor(rand() * 4)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(pick(JA_WORDS, rand) + (i < n - 1 ? JA_PARTICLES[Math.floor(rand() * JA_PARTICLES.length)]! : ''))
  return out.join('')
}

/** A Korean headline of 5–8 space-separated words with particles attached. */
export function koreanHeadline(rand: () => number): string {
  const n = 5 + Math.floor(rand() * 4)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(pick(KO_WORDS, rand) + KO_PARTICLES[Math.floor(rand() * KO_PARTICLES.length)]!)
  return out.join(' ')
}
