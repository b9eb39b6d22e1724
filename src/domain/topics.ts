import type { Language } from './languages.ts'

/** The thirteen topic slugs, in the order the spec lists them (and the order they are shown). */
export const TOPICS = [
  'business', 'data-ai', 'finance', 'growth', 'people', 'entrepreneurship', 'leadership',
  'operations', 'engineering', 'marketing', 'product', 'design', 'sales',
] as const

export type Topic = (typeof TOPICS)[number]

export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value)
}

/**
 * Topic names as a newsroom in each language would write them on a section front.
 * Storage seeds its categories table from this map; the API reads names from the store.
 */
export const TOPIC_NAMES: Record<Topic, Record<Language, string>> = {
  business: {
    en: 'Business', es: 'Empresas', fr: 'Entreprises', de: 'Wirtschaft', it: 'Economia',
    pt: 'Negócios', ja: 'ビジネス', ko: '비즈니스', ar: 'الأعمال',
  },
  'data-ai': {
    en: 'Data & AI', es: 'Datos e IA', fr: 'Données et IA', de: 'Daten & KI', it: 'Dati e IA',
    pt: 'Dados e IA', ja: 'データ・AI', ko: '데이터·AI', ar: 'البيانات والذكاء الاصطناعي',
  },
  finance: {
    en: 'Finance', es: 'Finanzas', fr: 'Finance', de: 'Finanzen', it: 'Finanza',
    pt: 'Finanças', ja: '金融', ko: '금융', ar: 'المال',
  },
  growth: {
    en: 'Growth', es: 'Crecimiento', fr: 'Croissance', de: 'Wachstum', it: 'Crescita',
    pt: 'Crescimento', ja: 'グロース', ko: '성장', ar: 'النمو',
  },
  people: {
    en: 'People & Careers', es: 'Talento y empleo', fr: 'Talents et carrières', de: 'Personal & Karriere',
    it: 'Lavoro e carriere', pt: 'Pessoas e carreiras', ja: '人材・キャリア', ko: '인재·커리어', ar: 'الأفراد والمسارات المهنية',
  },
  entrepreneurship: {
    en: 'Entrepreneurship', es: 'Emprendimiento', fr: 'Entrepreneuriat', de: 'Gründer & Start-ups',
    it: 'Imprenditoria', pt: 'Empreendedorismo', ja: '起業', ko: '창업', ar: 'ريادة الأعمال',
  },
  leadership: {
    en: 'Leadership', es: 'Liderazgo', fr: 'Leadership', de: 'Führung', it: 'Leadership',
    pt: 'Liderança', ja: 'リーダーシップ', ko: '리더십', ar: 'القيادة',
  },
  operations: {
    en: 'Operations', es: 'Operaciones', fr: 'Opérations', de: 'Betrieb & Lieferketten', it: 'Operazioni',
    pt: 'Operações', ja: 'オペレーション', ko: '운영', ar: 'العمليات',
  },
  engineering: {
    en: 'Engineering', es: 'Ingeniería', fr: 'Ingénierie', de: 'Technik & Entwicklung', it: 'Ingegneria',
    pt: 'Engenharia', ja: 'エンジニアリング', ko: '엔지니어링', ar: 'الهندسة',
  },
  marketing: {
    en: 'Marketing', es: 'Marketing', fr: 'Marketing', de: 'Marketing', it: 'Marketing',
    pt: 'Marketing', ja: 'マーケティング', ko: '마케팅', ar: 'التسويق',
  },
  product: {
    en: 'Product', es: 'Producto', fr: 'Produit', de: 'Produkt', it: 'Prodotto',
    pt: 'Produto', ja: 'プロダクト', ko: '프로덕트', ar: 'المنتجات',
  },
  design: {
    en: 'Design', es: 'Diseño', fr: 'Design', de: 'Design', it: 'Design',
    pt: 'Design', ja: 'デザイン', ko: '디자인', ar: 'التصميم',
  },
  sales: {
    en: 'Sales', es: 'Ventas', fr: 'Ventes', de: 'Vertrieb', it: 'Vendite',
    pt: 'Vendas', ja: '営業', ko: '영업', ar: 'المبيعات',
  },
}
