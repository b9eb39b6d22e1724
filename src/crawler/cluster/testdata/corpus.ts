/**
 * A hand-written clustering corpus: 17 events covered by 2–6 publishers each (different wording, some in es, fr, de,
 * ja), and 36 unrelated articles, most of them hard negatives (same company or person, different event; the same
 * topic words in another country; generic sports headlines). Times are hours after BASE_TIME.
 */
import type { ClusterArticle } from '../fingerprint.ts'

export const BASE_TIME = Date.UTC(2025, 2, 17, 0, 0, 0)

export interface CorpusArticle extends ClusterArticle {
  id: string
  /** The true event, or null for an article about nothing else in the corpus. */
  event: string | null
}

type Row = [id: string, event: string | null, publisher: string, lang: string, hour: number, title: string, lead: string]

const ROWS: Row[] = [
  // E1: Nvidia's GTC keynote
  ['e1-a', 'nvidia-gtc', 'wire', 'en', 17, 'Nvidia unveils Blackwell Ultra chips, Vera Rubin roadmap at GTC',
    'Nvidia CEO Jensen Huang on Tuesday unveiled the Blackwell Ultra family of AI chips at the company\'s annual GTC developer conference in San Jose, and laid out a roadmap to the Vera Rubin systems due next year.'],
  ['e1-b', 'nvidia-gtc', 'techdaily', 'en', 17.5, 'NVIDIA announces new Blackwell Ultra GPU at GTC 2025',
    'At GTC 2025 in San Jose, NVIDIA announced Blackwell Ultra, an upgraded version of its Blackwell GPU with more memory, shipping to partners in the second half of the year.'],
  ['e1-c', 'nvidia-gtc', 'bizjournal', 'en', 18, 'Nvidia\'s next AI chip is Blackwell Ultra, Huang tells GTC crowd',
    'Jensen Huang told a packed arena in San Jose that Nvidia\'s Blackwell Ultra chips will ship later this year, followed by Vera Rubin in 2026, as the company tries to keep its lead in AI hardware.'],
  ['e1-d', 'nvidia-gtc', 'gadgetblog', 'en', 19, 'Jensen Huang\'s GTC keynote: Blackwell Ultra, Vera Rubin and a robot',
    'Nvidia\'s keynote at GTC brought the Blackwell Ultra GPU, a preview of the Vera Rubin architecture and a walking robot on stage with Jensen Huang.'],
  ['e1-e', 'nvidia-gtc', 'diario', 'es', 19.5, 'Nvidia presenta los chips Blackwell Ultra en la conferencia GTC',
    'Jensen Huang, consejero delegado de Nvidia, presentó en San José los nuevos chips Blackwell Ultra para inteligencia artificial, que llegarán en la segunda mitad del año.'],
  ['e1-f', 'nvidia-gtc', 'shimbun', 'ja', 20, 'エヌビディア、新AI半導体「Blackwell Ultra」を発表',
    '米エヌビディアは18日、年次開発者会議GTCで新しいAI向け半導体「Blackwell Ultra」を発表した。'],

  // E2: Nvidia's quarterly results (same company, another event)
  ['e2-a', 'nvidia-earnings', 'wire', 'en', 2, 'Nvidia earnings beat expectations as data center revenue soars',
    'Nvidia reported fourth-quarter revenue of $39.3 billion on Wednesday, above analyst estimates, as demand for its data center chips kept growing.'],
  ['e2-b', 'nvidia-earnings', 'bizjournal', 'en', 2.5, 'Nvidia tops Wall Street forecasts with record quarterly revenue',
    'Nvidia posted record revenue of $39.3 billion for the quarter, beating Wall Street forecasts, and guided higher for the current period on strong data center sales.'],
  ['e2-c', 'nvidia-earnings', 'markets', 'en', 4, 'Nvidia shares slip despite strong fourth-quarter results',
    'Shares of Nvidia fell in after-hours trading even though the chipmaker\'s fourth-quarter revenue of $39.3 billion beat expectations.'],

  // E3: the Fed holds
  ['e3-a', 'fed-holds', 'wire', 'en', 40, 'Fed holds interest rates steady, still sees two cuts this year',
    'The Federal Reserve kept its benchmark interest rate unchanged in a range of 4.25% to 4.50% on Wednesday and policymakers still projected two rate cuts by the end of the year.'],
  ['e3-b', 'fed-holds', 'bizjournal', 'en', 40.5, 'Federal Reserve leaves rates unchanged as Powell flags tariff uncertainty',
    'The Federal Reserve held rates at 4.25%-4.50% and Chair Jerome Powell said uncertainty around the economic outlook had increased, citing tariffs.'],
  ['e3-c', 'fed-holds', 'markets', 'en', 41, 'Powell: Fed in no hurry to cut rates after holding steady',
    'Federal Reserve Chair Jerome Powell said the central bank is in no hurry to lower borrowing costs after officials voted to keep the federal funds rate at 4.25% to 4.50%.'],
  ['e3-d', 'fed-holds', 'broadcaster', 'en', 42, 'US central bank keeps rates on hold, slows balance sheet runoff',
    'The Fed left its policy rate unchanged at 4.25%-4.50% and said it would slow the pace at which it shrinks its balance sheet starting in April.'],

  // E4: the Bank of England holds (same topic words, another country)
  ['e4-a', 'boe-holds', 'wire', 'en', 44, 'Bank of England holds interest rates at 4.5%',
    'The Bank of England kept interest rates at 4.5% on Thursday, with eight of nine Monetary Policy Committee members voting to hold, as Governor Andrew Bailey warned of global uncertainty.'],
  ['e4-b', 'boe-holds', 'ukdaily', 'en', 44.5, 'BoE keeps rates on hold as Bailey warns of trade war risks',
    'The Bank of England left Bank Rate unchanged at 4.5%, and Andrew Bailey said there was a lot of economic uncertainty from US tariffs.'],
  ['e4-c', 'boe-holds', 'broadcaster', 'en', 45, 'UK interest rates unchanged at 4.5%, Bank of England says',
    'UK interest rates were held at 4.5% by the Bank of England, which voted 8-1 to keep borrowing costs steady while inflation remains above its 2% target.'],

  // E5: the ECB cuts (the acronym differs by language: EZB, BCE, ECB)
  ['e5-a', 'ecb-cuts', 'zeitung', 'de', 30, 'EZB senkt Leitzins erneut um 0,25 Prozentpunkte',
    'Die Europäische Zentralbank senkt den Einlagensatz zum sechsten Mal seit Juni auf 2,5 Prozent. EZB-Präsidentin Christine Lagarde deutete eine Pause an.'],
  ['e5-b', 'ecb-cuts', 'tagesblatt', 'de', 30.5, 'Zinsentscheid: EZB senkt Zinsen im Euroraum weiter',
    'Die EZB hat die Zinsen im Euroraum erneut gesenkt: Der Einlagensatz sinkt auf 2,5 Prozent, wie die Notenbank in Frankfurt mitteilte. Christine Lagarde sprach von hoher Unsicherheit.'],
  ['e5-c', 'ecb-cuts', 'quotidien', 'fr', 31, 'La BCE baisse à nouveau ses taux directeurs',
    'La Banque centrale européenne a abaissé jeudi ses taux d\'intérêt d\'un quart de point, le taux de dépôt passant à 2,5 %, a annoncé Christine Lagarde à Francfort.'],
  ['e5-d', 'ecb-cuts', 'journal', 'fr', 31.5, 'Taux d\'intérêt : la BCE procède à une sixième baisse consécutive de ses taux',
    'Pour la sixième fois depuis juin, la BCE a réduit son taux de dépôt, à 2,5 %. Christine Lagarde a évoqué une forte incertitude liée aux droits de douane.'],
  ['e5-e', 'ecb-cuts', 'wire', 'en', 31, 'ECB cuts interest rates for sixth time as Lagarde signals caution',
    'The European Central Bank lowered its deposit rate by a quarter point to 2.5% on Thursday, its sixth cut since June, and President Christine Lagarde said policy was becoming meaningfully less restrictive.'],

  // E6: an earthquake off Miyazaki
  ['e6-a', 'miyazaki-quake', 'wire', 'en', 8, 'Magnitude 7.1 earthquake strikes southern Japan, tsunami advisory issued',
    'A magnitude 7.1 earthquake struck off the coast of Miyazaki prefecture in southern Japan on Monday, the Japan Meteorological Agency said, prompting a tsunami advisory.'],
  ['e6-b', 'miyazaki-quake', 'broadcaster', 'en', 8.5, 'Strong quake hits off Miyazaki, Japan issues tsunami warning',
    'Japan issued a tsunami advisory for parts of Kyushu after a strong 7.1-magnitude quake off Miyazaki; no major damage was immediately reported.'],
  ['e6-c', 'miyazaki-quake', 'ukdaily', 'en', 9, 'Japan earthquake: 7.1 tremor shakes Kyushu, nuclear plants checked',
    'Authorities were checking nuclear plants in Kyushu after a 7.1 magnitude tremor off Miyazaki, Japan\'s weather agency said.'],
  ['e6-d', 'miyazaki-quake', 'shimbun', 'ja', 8.2, '宮崎県沖でM7.1の地震 津波注意報を発表',
    '気象庁によると、宮崎県沖を震源とするマグニチュード7.1の地震があり、九州の沿岸に津波注意報が出された。'],
  ['e6-e', 'miyazaki-quake', 'jiji', 'ja', 8.6, '宮崎で震度6弱 気象庁が津波注意報',
    '宮崎県沖で発生した地震で宮崎県内で震度6弱を観測し、気象庁は津波注意報を発表した。'],

  // E7: Real Madrid knock out Manchester City
  ['e7-a', 'madrid-city', 'sportsdesk', 'en', 21, 'Mbappe hat-trick sends Real Madrid past Manchester City',
    'Kylian Mbappe scored a hat-trick as Real Madrid beat Manchester City 3-1 at the Bernabeu to reach the Champions League last 16.'],
  ['e7-b', 'madrid-city', 'broadcaster', 'en', 21.2, 'Real Madrid knock Manchester City out of Champions League',
    'Manchester City\'s Champions League campaign ended in the playoff round as Real Madrid won 3-1 on the night and 6-3 on aggregate, with Kylian Mbappe scoring three.'],
  ['e7-c', 'madrid-city', 'ukdaily', 'en', 22, 'Guardiola accepts City were second best as Madrid cruise through',
    'Pep Guardiola admitted Manchester City were outplayed by Real Madrid after a 3-1 defeat at the Bernabeu, where Mbappe scored a hat-trick.'],
  ['e7-d', 'madrid-city', 'diario', 'es', 21.1, 'Mbappé firma un triplete y el Real Madrid elimina al Manchester City',
    'Kylian Mbappé marcó tres goles en el Bernabéu y el Real Madrid venció 3-1 al Manchester City para clasificarse a los octavos de la Champions League.'],
  ['e7-e', 'madrid-city', 'deportes', 'es', 21.5, 'El Madrid arrolla al City: 3-1 y a octavos',
    'El Real Madrid goleó 3-1 al Manchester City en el Santiago Bernabéu con un triplete de Mbappé y se clasificó para los octavos de final de la Liga de Campeones.'],

  // E8: Starship explodes
  ['e8-a', 'starship', 'wire', 'en', 26, 'SpaceX Starship explodes minutes after launch in eighth test flight',
    'SpaceX\'s Starship rocket exploded minutes after lifting off from Boca Chica, Texas, on Thursday during its eighth test flight, scattering debris over the Bahamas.'],
  ['e8-b', 'starship', 'techdaily', 'en', 26.5, 'Starship lost again: SpaceX\'s megarocket breaks apart over Caribbean',
    'For the second time this year, SpaceX lost the upper stage of its Starship megarocket, which broke apart over the Caribbean; the Super Heavy booster was caught by the launch tower.'],
  ['e8-c', 'starship', 'bizjournal', 'en', 28, 'FAA grounds Starship after second explosion in a row',
    'The Federal Aviation Administration ordered SpaceX to investigate after Starship exploded on its eighth test flight, disrupting flights at Florida airports because of falling debris.'],
  ['e8-d', 'starship', 'broadcaster', 'en', 27, 'Debris from SpaceX rocket falls over Bahamas and Turks and Caicos',
    'Residents of the Bahamas and Turks and Caicos reported debris after SpaceX\'s Starship exploded during a test flight launched from Texas.'],

  // E9: a wildfire near Los Angeles
  ['e9-a', 'hughes-fire', 'wire', 'en', 50, 'Fast-moving wildfire forces evacuations near Los Angeles',
    'A wind-driven wildfire in the hills north of Los Angeles forced thousands of residents to evacuate on Friday as firefighters battled the Hughes fire near Santa Clarita.'],
  ['e9-b', 'hughes-fire', 'coastnews', 'en', 51, 'Santa Clarita fire: thousands evacuated as blaze grows to 5,000 acres',
    'The Hughes fire near Santa Clarita grew to 5,000 acres within hours, and Los Angeles County officials ordered evacuations for about 31,000 people.'],
  ['e9-c', 'hughes-fire', 'broadcaster', 'en', 52, 'Hughes fire: LA County orders 31,000 to leave homes',
    'Los Angeles County ordered 31,000 residents near Castaic Lake to evacuate as the Hughes fire spread quickly in strong Santa Ana winds.'],

  // E10: the German coalition deal
  ['e10-a', 'coalition-deal', 'zeitung', 'de', 6, 'Union und SPD einigen sich auf Koalitionsvertrag',
    'CDU, CSU und SPD haben sich nach wochenlangen Verhandlungen auf einen Koalitionsvertrag geeinigt. Friedrich Merz soll im Mai zum Bundeskanzler gewählt werden.'],
  ['e10-b', 'coalition-deal', 'tagesblatt', 'de', 6.5, 'Koalitionsvertrag steht: Merz wird Kanzler',
    'Die Spitzen von Union und SPD haben am Mittwoch in Berlin den Koalitionsvertrag vorgestellt. Friedrich Merz sprach von einem starken Signal.'],
  ['e10-c', 'coalition-deal', 'rundschau', 'de', 7, 'Merz stellt Koalitionsvertrag mit der SPD vor',
    'Friedrich Merz und SPD-Chef Lars Klingbeil präsentierten in Berlin den Koalitionsvertrag von Union und SPD.'],
  ['e10-d', 'coalition-deal', 'wire', 'en', 6.2, 'Germany\'s Merz strikes coalition deal with Social Democrats',
    'Friedrich Merz\'s conservatives reached a coalition agreement with the Social Democrats on Wednesday, clearing the way for him to become chancellor in May.'],
  ['e10-e', 'coalition-deal', 'broadcaster', 'en', 7.5, 'Merz\'s CDU and SPD agree coalition, ending weeks of talks',
    'Germany\'s CDU/CSU bloc and the SPD agreed to form a government, Friedrich Merz and Lars Klingbeil told reporters in Berlin.'],

  // E11: French pension strikes
  ['e11-a', 'pension-strike', 'quotidien', 'fr', 12, 'Retraites : nouvelle journée de grève et de manifestations contre la réforme',
    'Des centaines de milliers de manifestants ont défilé jeudi contre la réforme des retraites, à l\'appel de l\'intersyndicale, avec de fortes perturbations dans les transports.'],
  ['e11-b', 'pension-strike', 'journal', 'fr', 13, 'Réforme des retraites : la mobilisation reste forte, selon la CGT',
    'La CGT revendique plus d\'un million de manifestants dans toute la France contre la réforme des retraites, le ministère de l\'Intérieur en compte 480 000.'],
  ['e11-c', 'pension-strike', 'regional', 'fr', 14, 'Grève contre la réforme des retraites : trains et métros perturbés, cortèges massifs',
    'La SNCF et la RATP prévoyaient de fortes perturbations jeudi, jour de grève interprofessionnelle contre la réforme des retraites.'],

  // E12: the Cybertruck recall
  ['e12-a', 'cybertruck-recall', 'wire', 'en', 34, 'Tesla recalls nearly all Cybertrucks over panel that can fall off',
    'Tesla is recalling 46,096 Cybertrucks because an exterior stainless-steel panel can detach while driving, the National Highway Traffic Safety Administration said.'],
  ['e12-b', 'cybertruck-recall', 'techdaily', 'en', 35, 'Cybertruck recall: Tesla to fix trim panel on 46,000 trucks',
    'Tesla will replace a cant rail panel on more than 46,000 Cybertrucks after NHTSA found the adhesive could fail.'],
  ['e12-c', 'cybertruck-recall', 'autonews', 'en', 36, 'NHTSA: Tesla Cybertruck panels may detach, 46,096 vehicles recalled',
    'US safety regulators said 46,096 Tesla Cybertruck vehicles are being recalled because a stainless steel panel could separate from the vehicle.'],

  // E13: measles in Texas
  ['e13-a', 'texas-measles', 'wire', 'en', 0, 'Texas measles outbreak grows to 259 cases',
    'The measles outbreak in West Texas has grown to 259 cases, state health officials said Tuesday, with most of the cases in Gaines County among unvaccinated children.'],
  ['e13-b', 'texas-measles', 'healthnews', 'en', 1, 'Measles cases in West Texas climb past 250 as outbreak spreads',
    'Texas health officials reported 259 measles cases, up from 223 last week, and the outbreak has spread to New Mexico.'],
  ['e13-c', 'texas-measles', 'broadcaster', 'en', 3, 'CDC sends team as Texas measles outbreak tops 250 cases',
    'The Centers for Disease Control and Prevention sent staff to Lubbock to help fight a measles outbreak that has sickened 259 people in Texas.'],
  ['e13-d', 'texas-measles', 'diario', 'es', 4, 'Brote de sarampión en Texas supera los 250 casos',
    'Las autoridades sanitarias de Texas confirmaron 259 casos de sarampión en el oeste del estado, la mayoría en niños no vacunados del condado de Gaines.'],

  // E14: OpenAI's funding round
  ['e14-a', 'openai-round', 'wire', 'en', 46, 'OpenAI raises $40 billion in SoftBank-led round at $300 billion valuation',
    'OpenAI said it raised $40 billion in a funding round led by SoftBank that values the ChatGPT maker at $300 billion.'],
  ['e14-b', 'openai-round', 'bizjournal', 'en', 46.5, 'SoftBank leads record $40bn funding round for ChatGPT maker OpenAI',
    'Japan\'s SoftBank will invest up to $30 billion of a $40 billion round in OpenAI, the largest private funding deal on record.'],
  ['e14-c', 'openai-round', 'techdaily', 'en', 48, 'OpenAI now valued at $300bn after mega funding round',
    'The ChatGPT developer OpenAI closed a $40 billion funding round led by SoftBank Group, putting its valuation at $300 billion.'],

  // E15: the Iberian blackout (Spanish names differ from English ones: España / Spain)
  ['e15-a', 'iberian-blackout', 'diario', 'es', 54, 'Un apagón masivo deja sin luz a toda España y Portugal',
    'Un apagón generalizado dejó este lunes sin electricidad a toda la península ibérica. Red Eléctrica trabaja para restablecer el suministro.'],
  ['e15-b', 'iberian-blackout', 'deportes', 'es', 55, 'Red Eléctrica recupera el suministro tras el gran apagón',
    'Red Eléctrica de España informó de que ya se ha recuperado más del 90% de la demanda tras el apagón que afectó a España y Portugal.'],
  ['e15-c', 'iberian-blackout', 'cronica', 'es', 55.5, 'Caos en Madrid por el apagón: metro parado y semáforos apagados',
    'El apagón paralizó el metro de Madrid y dejó sin semáforos a la capital; el Gobierno pidió calma mientras Red Eléctrica restablece la luz en España.'],
  ['e15-d', 'iberian-blackout', 'wire', 'en', 54.5, 'Massive power outage hits Spain and Portugal',
    'A massive blackout cut electricity across Spain and Portugal on Monday, halting trains and metro systems; grid operator Red Electrica said it was working to restore power.'],
  ['e15-e', 'iberian-blackout', 'broadcaster', 'en', 56, 'Spain blackout: power returning after Iberian grid collapse',
    'Power was returning across Spain and Portugal hours after a grid failure, Red Electrica said, as Madrid\'s metro and traffic lights went dark.'],

  // E16: the Bank of Japan holds (a third "central bank holds rates" story)
  ['e16-a', 'boj-holds', 'shimbun', 'ja', 28, '日銀、政策金利を0.5%に据え置き',
    '日本銀行は19日の金融政策決定会合で、政策金利を0.5%程度に据え置くことを決めた。植田和男総裁が記者会見で説明する。'],
  ['e16-b', 'boj-holds', 'jiji', 'ja', 28.5, '日銀が金利据え置き 植田総裁「米関税の影響注視」',
    '日銀は金融政策決定会合で短期金利の誘導目標を0.5%に維持した。植田総裁は米国の関税政策の影響を注視する考えを示した。'],
  ['e16-c', 'boj-holds', 'wire', 'en', 28.2, 'Bank of Japan holds interest rates at 0.5%, watches US tariffs',
    'The Bank of Japan kept its short-term policy rate at 0.5% on Wednesday, and Governor Kazuo Ueda said the bank would watch the impact of US tariffs.'],
  ['e16-d', 'boj-holds', 'markets', 'en', 29, 'BOJ keeps rates unchanged as Ueda flags tariff risks',
    'The BOJ left interest rates at 0.5% and Governor Kazuo Ueda warned that US trade policy could weigh on Japan\'s economy.'],

  // E17: ceasefire talks in Jeddah, with an update from the same publisher
  ['e17-a', 'jeddah-talks', 'wire', 'en', 3, 'US and Ukraine officials meet in Jeddah for ceasefire talks',
    'US and Ukrainian officials began talks in Jeddah, Saudi Arabia, on Tuesday on a possible ceasefire in the war with Russia, with Secretary of State Marco Rubio leading the US delegation.'],
  ['e17-b', 'jeddah-talks', 'wire', 'en', 7, 'Ukraine agrees to US proposal for 30-day ceasefire after Jeddah talks',
    'Ukraine said it was ready to accept a US proposal for an immediate 30-day ceasefire with Russia after talks with Marco Rubio in Jeddah, Saudi Arabia.'],
  ['e17-c', 'jeddah-talks', 'ukdaily', 'en', 7.5, 'Ukraine backs 30-day truce plan, ball now in Russia\'s court, Rubio says',
    'Secretary of State Marco Rubio said the US would take a 30-day ceasefire offer to Russia after Ukraine accepted it at talks in Jeddah.'],
  ['e17-d', 'jeddah-talks', 'broadcaster', 'en', 8, 'Kyiv accepts US ceasefire proposal at Saudi talks',
    'Ukraine accepted a US plan for a 30-day ceasefire at talks in Saudi Arabia, and Washington said it would resume military aid and intelligence sharing.'],

  // Unrelated articles; most are hard negatives for one of the events above.
  ['u1', null, 'markets', 'en', 18.5, 'Nvidia shares fall as US tightens chip export rules for China',
    'Nvidia stock dropped 3% after the Commerce Department added new restrictions on exports of advanced AI chips to China.'],
  ['u2', null, 'bizjournal', 'en', 23, 'Nvidia CEO Jensen Huang plans China visit next month',
    'Nvidia chief executive Jensen Huang plans to visit Beijing in April to meet customers, according to people familiar with the matter.'],
  ['u3', null, 'wire', 'en', 41.5, 'Bank of Canada cuts interest rate to 2.75%',
    'The Bank of Canada lowered its key interest rate by 25 basis points to 2.75%, citing the threat of a trade war with the United States.'],
  ['u4', null, 'markets', 'en', 43, 'Australia\'s central bank holds rates steady, signals caution on cuts',
    'The Reserve Bank of Australia kept its cash rate at 4.10% and Governor Michele Bullock said it was too early to declare victory over inflation.'],
  ['u5', null, 'bizjournal', 'en', 45.5, 'Mortgage rates climb to highest level since January',
    'Average 30-year mortgage rates in the United States rose to 6.9% this week, according to Freddie Mac, as bond yields moved higher.'],
  ['u6', null, 'autonews', 'en', 35.5, 'Tesla sales plunge in Europe as BYD gains ground',
    'Tesla registrations in Europe fell 45% in February while Chinese rival BYD more than doubled its sales, data from ACEA showed.'],
  ['u7', null, 'zeitung', 'de', 36.5, 'Tesla-Absatz in Deutschland bricht ein',
    'Die Zahl der Neuzulassungen von Tesla in Deutschland ist im Februar um 76 Prozent gesunken, wie das Kraftfahrt-Bundesamt mitteilte.'],
  ['u8', null, 'techdaily', 'en', 27.5, 'SpaceX launches 23 Starlink satellites from Florida',
    'A Falcon 9 rocket lifted off from Cape Canaveral on Friday carrying 23 Starlink internet satellites, and the booster landed on a drone ship.'],
  ['u9', null, 'broadcaster', 'en', 29.5, 'NASA astronauts return to Earth after nine months in space',
    'Butch Wilmore and Suni Williams splashed down off Florida in a SpaceX Dragon capsule, ending a mission that was meant to last eight days.'],
  ['u10', null, 'wire', 'en', 52.5, 'Wildfires in South Korea kill 18 and destroy ancient temple',
    'Wildfires fanned by strong winds in southeastern South Korea killed at least 18 people and burned the Gounsa temple, officials said.'],
  ['u11', null, 'healthnews', 'en', 2.2, 'Measles cases rise sharply across Europe, WHO says',
    'The World Health Organization said Europe recorded 127,350 measles cases in 2024, the highest number since 1997, and urged countries to raise vaccination rates.'],
  ['u12', null, 'techdaily', 'en', 47, 'OpenAI launches image generation inside ChatGPT',
    'OpenAI added a new image generator to ChatGPT that can render text and follow detailed instructions, available to paying and free users.'],
  ['u13', null, 'markets', 'en', 47.5, 'SoftBank shares fall on worries over AI spending',
    'SoftBank Group shares dropped 7% in Tokyo as investors questioned how the company would pay for its growing investments in artificial intelligence.'],
  ['u14', null, 'sportsdesk', 'en', 20.5, 'Late goal seals dramatic win',
    'A stoppage-time header from Yoane Wissa gave Brentford a 2-1 victory over Everton on Saturday after the visitors had led for most of the game.'],
  ['u15', null, 'ukdaily', 'en', 22.5, 'Coach praises players after hard-fought victory',
    'Fulham manager Marco Silva said his players showed character in a 1-0 win at Bournemouth secured by a second-half penalty.'],
  ['u16', null, 'sportsdesk', 'en', 23.5, 'Late goal earns dramatic victory for visitors',
    'Sevilla scored in the 94th minute to beat Valencia 1-0 away, lifting them into the top half of La Liga on Sunday.'],
  ['u17', null, 'sportsdesk', 'en', 24, 'Real Madrid agree deal for Liverpool defender Trent Alexander-Arnold',
    'Real Madrid have reached an agreement to sign Trent Alexander-Arnold from Liverpool when his contract expires in the summer.'],
  ['u18', null, 'broadcaster', 'en', 24.5, 'Manchester City confirm Rodri injury setback',
    'Manchester City midfielder Rodri will miss the rest of the season after a setback in his recovery from knee surgery, the club said.'],
  ['u19', null, 'deportes', 'es', 22.2, 'El Barcelona gana al Atlético en el Metropolitano',
    'El Barcelona remontó un 2-0 y ganó 2-4 al Atlético de Madrid en el Metropolitano con goles de Ferran Torres y Lamine Yamal.'],
  ['u20', null, 'journal', 'fr', 15, 'Réforme de l\'assurance chômage : le gouvernement dévoile son projet',
    'Le gouvernement a présenté jeudi une nouvelle réforme de l\'assurance chômage qui réduit la durée d\'indemnisation des demandeurs d\'emploi.'],
  ['u21', null, 'quotidien', 'fr', 16, 'Le PSG s\'impose face à Marseille au Parc des Princes',
    'Le Paris Saint-Germain a battu l\'Olympique de Marseille 3-1 dimanche soir au Parc des Princes et compte désormais 16 points d\'avance.'],
  ['u22', null, 'tagesblatt', 'de', 20, 'Bundestag beschließt Reform der Schuldenbremse',
    'Der Bundestag hat mit den Stimmen von Union, SPD und Grünen die Reform der Schuldenbremse beschlossen. Friedrich Merz sprach von einem historischen Tag.'],
  ['u23', null, 'shimbun', 'ja', 33, 'トヨタ、新型EVを中国で発売',
    'トヨタ自動車は中国市場向けの新型電気自動車を発売すると発表した。価格は15万元からとなる。'],
  ['u24', null, 'jiji', 'ja', 34, '東京株式市場、日経平均が反落',
    '東京株式市場で日経平均株価は反落し、前日比300円安で取引を終えた。半導体関連株が売られた。'],
  ['u25', null, 'techdaily', 'en', 10, 'Apple delays Siri AI upgrade to 2026',
    'Apple said some of the Apple Intelligence features for Siri it promised last year will take longer to deliver than expected and are now due in 2026.'],
  ['u26', null, 'wire', 'en', 11, 'Google to buy cybersecurity firm Wiz for $32 billion',
    'Alphabet agreed to acquire cloud security startup Wiz for $32 billion in cash, its largest acquisition ever.'],
  ['u27', null, 'broadcaster', 'en', 33.5, 'Boeing wins contract for next-generation fighter jet F-47',
    'The US Air Force awarded Boeing the contract to build its sixth-generation fighter, the F-47, President Donald Trump announced at the White House.'],
  ['u28', null, 'wire', 'en', 10.5, 'Earthquake of magnitude 5.8 strikes eastern Turkey',
    'A magnitude 5.8 earthquake struck Malatya province in eastern Turkey on Monday, the disaster agency AFAD said, with no immediate reports of casualties.'],
  ['u29', null, 'wire', 'en', 5, 'Russia launches massive drone attack on Kyiv overnight',
    'Russia launched more than 100 drones at Kyiv and other Ukrainian cities overnight, Ukraine\'s air force said, hours before talks in Saudi Arabia.'],
  ['u30', null, 'sportsdesk', 'en', 51.5, 'Los Angeles Lakers beat Denver Nuggets behind LeBron James',
    'LeBron James scored 31 points as the Los Angeles Lakers beat the Denver Nuggets 120-108 on Friday night.'],
  ['u31', null, 'markets', 'en', 39, 'Gold price hits record high above $3,000 an ounce',
    'Gold rose above $3,000 an ounce for the first time as investors sought safety amid trade tensions and expectations of interest rate cuts.'],
  ['u32', null, 'wire', 'en', 39.5, 'Federal judge blocks Trump administration\'s funding freeze',
    'A federal judge in Rhode Island blocked the Trump administration from freezing federal grants and loans, saying the policy was likely unlawful.'],
  ['u33', null, 'cronica', 'es', 53, 'El Gobierno aprueba la subida del salario mínimo',
    'El Consejo de Ministros aprobó la subida del salario mínimo interprofesional a 1.184 euros al mes en 14 pagas.'],
  ['u34', null, 'gazzetta', 'it', 25, 'La Juventus esonera Thiago Motta, arriva Tudor',
    'La Juventus ha esonerato Thiago Motta dopo le sconfitte contro Atalanta e Fiorentina: Igor Tudor è il nuovo allenatore.'],
  ['u35', null, 'ukdaily', 'en', 43.5, 'UK inflation falls to 2.8% in February',
    'Consumer price inflation in the UK eased to 2.8% in February from 3% in January, the Office for National Statistics said.'],
  ['u36', null, 'wire', 'en', 60, 'ECB\'s Lagarde warns of tariff hit to euro zone growth',
    'European Central Bank President Christine Lagarde told lawmakers that US tariffs could cut euro zone growth by 0.3 percentage points in the first year.'],
]

export const CORPUS: CorpusArticle[] = ROWS.map(([id, event, publisherId, language, hour, title, lead]) => ({
  id, event, publisherId, language, title, teaserText: lead, fullText: null,
  publishedAt: new Date(BASE_TIME + hour * 3_600_000).toISOString(),
}))
