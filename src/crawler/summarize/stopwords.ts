/**
 * Function words per language: left out of sentence similarity (they say nothing about the event) and used by the
 * sentence splitter to tell "Acme Inc. The company…" (a new sentence) from "Acme Inc. CEO Jane Doe…" (the same one).
 * Lower-case, as written (with diacritics). Japanese and Korean are compared by character bigrams, so their lists only
 * hold particles and endings that would otherwise dominate.
 */
import type { Language } from '../../domain/languages.ts'

const words = (s: string): Set<string> => new Set(s.split(/\s+/).filter(Boolean))

export const STOPWORDS: Record<Language, Set<string>> = {
  en: words(`a about above after again against all also am an and any are aren't as at be because been before being
    below between both but by can could did do does doing down during each few for from further had has have having he
    her here hers herself him himself his how i if in into is it it's its itself just me more most my myself no nor not
    now of off on once only or other our ours ourselves out over own same she should so some such than that the their
    theirs them themselves then there these they this those through to too under until up very was we were what when
    where which while who whom why will with would you your yours yourself yourselves says said say according
    year years one two new percent per cent mr ms mrs`),
  es: words(`a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas
    ellos en entre era eran es esa esas ese eso esos esta estaba estado estas este esto estos fue fueron ha habia han
    hasta hay la las le les lo los mas me mi mientras muy nada ni no nos nosotros o otra otras otro otros para pero poco
    por porque que quien quienes se sea segun ser si sido sin sobre son su sus tambien tanto te tiene tienen todo todos
    tras tu un una uno unos y ya él más está están según también había año años dijo afirmó`),
  fr: words(`a au aucun aussi autre aux avant avec avoir ce cela celle celui ces cet cette comme dans de des depuis donc
    du elle elles en encore entre est et eu fait il ils je la le les leur leurs lui ma mais me même mes moins mon ne ni
    nos notre nous on ont ou où par pas pendant peu plus pour qu que quel quelle qui sa sans se selon ses si son sont
    sous sur ta te tous tout toute tres très un une vers vos votre vous été être était an ans a-t-il selon déclaré`),
  de: words(`aber als am an auch auf aus bei bin bis bist da damit dann das dass dem den denn der des die dies diese dieser
    dieses doch dort du durch ein eine einem einen einer eines er es etwa für gegen hat hatte haben hier ich ihr ihre im
    in ist ja jetzt kann kein keine mit nach nicht noch nun nur ob oder ohne sein seine sich sie sind so soll sollen
    über um und uns unter vom von vor war waren was weil wenn werden wie wir wird wurde wurden zu zum zur zwischen
    jahr jahre jahren sagte laut prozent`),
  it: words(`a ad agli al alla alle allo anche ancora che chi ci come con contro cui da dai dal dalla dalle de degli dei del
    della delle dello di dopo e è ed era erano essere fa gli ha hanno i il in io la le lei lo loro lui ma mentre mi ne
    nei nel nella nelle nello no noi non o per perché più poi quale quando quanto quella quelle quello questa queste
    questo se secondo sei si sia sono su sua sue sui sul sulla suo suoi tra tutti tutto un una uno anno anni ha detto`),
  pt: words(`a à ao aos as às até com como da das de dela dele deles do dos e é ela elas ele eles em entre era essa esse
    esta este eu foi foram há isso isto já lhe mais mas me mesmo muito na nas nem no nos nós o os ou para pela pelas pelo
    pelos por porque quando que quem se segundo sem ser seu seus sua suas são também tem têm um uma umas uns ano anos
    disse afirmou`),
  ja: words(`の に は を が と で も や へ から まで より て た だ です ます した する され いる ある こと これ それ この その
    ため など よう また おり として について による により という`),
  ko: words(`이 그 저 것 수 등 및 또 또한 그리고 하지만 그러나 있다 했다 한다 밝혔다 말했다 위해 대한 따르면 통해 중 더`),
  ar: words(`في من على إلى الى عن مع أن ان إن هذا هذه ذلك التي الذي الذين كان كانت قد لا ما لم لن هو هي هم و أو او ثم
    بعد قبل كما عند بين حتى كل أي اي وقال قال وأضاف أضاف وفق وفقا خلال منذ عام`),
}
