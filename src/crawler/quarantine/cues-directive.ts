import type { Lexicon } from './lexicon.ts'

/**
 * Cues that a sentence tells its reader to do something: imperative verbs. In the languages whose imperative opens
 * the clause (English, the Romance languages, German, Dutch, Russian, Arabic, and Chinese, which marks no mood), a
 * verb counts only there: after the start, a comma, colon or quote, "and", a softener ("please", "now") or a modal
 * ("must"); news reports that a company *ignored* guidance, an injection *tells* its reader to ignore it. Japanese,
 * Korean and Turkish mark the imperative on the verb, which ends the clause: there the form itself is the cue.
 */

/** Words that may come between a clause start and its imperative: "please", "now", "then", "instead". */
export const SOFTENER: Lexicon = {
  en: String.raw`please|kindly|now|then|just|simply|also|immediately|instead|first|next|finally|so|and|but|actually|quickly|quietly|silently|always|from now on`,
  es: String.raw`por favor|ahora|luego|después|despues|ya|también|tambien|simplemente|solo|en su lugar|inmediatamente|y|e|pero|primero|entonces`,
  fr: String.raw`s'il te plait|s'il vous plait|maintenant|ensuite|puis|alors|désormais|desormais|plutôt|plutot|immédiatement|simplement|et|mais|d'abord`,
  de: String.raw`bitte|jetzt|nun|dann|sofort|einfach|stattdessen|auch|und|aber|zuerst|ab sofort`,
  it: String.raw`per favore|ora|adesso|poi|invece|subito|semplicemente|e|ma|prima`,
  pt: String.raw`por favor|agora|depois|então|entao|imediatamente|simplesmente|em vez disso|e|mas|primeiro`,
  nl: String.raw`alsjeblieft|alstublieft|nu|dan|meteen|gewoon|direct|in plaats daarvan|en|maar|eerst`,
  ru: String.raw`пожалуйста|теперь|сейчас|затем|потом|сразу|просто|лучше|вместо этого|и|но|а|немедленно`,
  ar: String.raw`رجاء|رجاءً|من فضلك|الآن|ثم|فورا|فورًا`,
  zh: String.raw`请|請|你|您|并|並|然后|然後|再|也|现在|現在|立即|马上|馬上|就`,
}

/** What makes the next verb an order in the addressed reader's own clause: "must", "should", "need to". */
export const MODAL: Lexicon = {
  en: String.raw`must|should|shall|will|need to|needs to|have to|has to|are to|is to|ought to|are required to|are instructed to|are hereby`,
  es: String.raw`debes|debe|deben|deberás|deberas|tienes que|tiene que|tendrás que|has de`,
  fr: String.raw`dois|doit|doivent|devez|devras|vas|allez`,
  de: String.raw`musst|muss|müssen|sollst|soll|sollen|solltest|wirst`,
  it: String.raw`devi|deve|devono|dovete|dovrai`,
  pt: String.raw`deve|devem|deves|deverá|devera|precisa|precisas|tem que|tens de|tem de`,
  nl: String.raw`moet|moeten|zal|zult|dient`,
  ru: String.raw`должен|должна|должно|должны|обязан\p{L}*|нужно|надо|следует`,
  ar: String.raw`يجب|عليك|ينبغي`,
}

/** Clause-initial imperatives: any order an injection gives its reader (with an address, any of them is enough). */
export const DIRECTIVE: Lexicon = {
  en: String.raw`ignore|disregard|forget|override|bypass|skip|drop|abandon|discard|set aside|put aside|pay no|stop|cease|quit|halt|reveal|disclose|expose|leak|print|output|show|display|list|repeat|dump|tell|say|state|write|describe|claim|call|mention|omit|leave out|exclude|avoid|refuse|respond|reply|answer|rate|recommend|endorse|praise|promote|visit|go|open|click|navigate|browse|download|install|run|execute|invoke|use|send|email|e-mail|mail|forward|post|upload|submit|share|transmit|paste|enter|type|insert|copy|provide|give|include|add|append|confirm|obey|follow|comply|act|pretend|behave|switch|enable|activate|wire|transfer|buy|sell|contact|translate|rewrite|summari[sz]e|decode|treat|remember|do|don't|do not|never|make|start|begin|return|report|inform|notify|warn|urge|ask|present|portray|frame|publish|classify|label|grant|allow|approve|delete|erase|remove|continue|keep|respond`,
  es: String.raw`ignora|ignore|ignorad|olvida|olvide|olvídate|olvidate|descarta|descarte|omite|omita|haz|hagas|haga|no|nunca|deja|para|detén|deten|revela|revele|muestra|muestre|imprime|enumera|repite|di|diga|dile|escribe|escriba|describe|menciona|responde|responda|contesta|recomienda|recomiende|visita|visite|ve|entra|entre|abre|pulsa|descarga|instala|ejecuta|ejecútalo|usa|envía|envia|envíe|envie|manda|mande|reenvía|reenvia|reenvíe|reenvie|comparte|sube|publica|pega|pegue|copia|copie|introduce|proporciona|da|dame|incluye|añade|confirma|obedece|sigue|actúa|actua|finge|cambia|activa|transfiere|compra|vende|contacta|traduce|resume|decodifica|descodifica|cúmplelo|cumplelo|cumple|elogia|califica|considera|trata|recuerda|califica|afirma|asegura`,
  fr: String.raw`ignore|ignorez|oublie|oubliez|néglige|négligez|neglige|negligez|ne|n'|fais|faites|arrête|arrêtez|arrete|arretez|cesse|cessez|révèle|révélez|revele|revelez|affiche|affichez|montre|montrez|imprime|liste|répète|repete|dis|dites|écris|écrivez|ecris|ecrivez|décris|decris|mentionne|réponds|répondez|reponds|repondez|recommande|recommandez|visite|visitez|va|allez|rends-toi|rendez-vous|ouvre|ouvrez|clique|cliquez|télécharge|telecharge|installe|exécute|execute|exécute-le|utilise|envoie|envoyez|envoie-moi|envoyez-moi|transmets|transmettez|transfère|transfere|partage|partagez|publie|colle|collez|copie|copiez|saisis|saisissez|entre|entrez|tape|tapez|fournis|donne|donnez|inclus|ajoute|confirme|obéis|obeis|obéissez|suis|suivez|agis|active|achète|vends|contacte|traduis|résume|resume|décode|decode|décodez|loue|considère|traite|souviens-toi|affirme|présente|qualifie`,
  de: String.raw`ignoriere|ignorieren sie|vergiss|vergessen sie|missachte|übergehe|umgehe|beachte|hör|höre|hören sie|stoppe|verrate|verraten sie|zeige|zeig|zeigen sie|gib|geben sie|drucke|liste|wiederhole|sag|sage|sagen sie|schreibe|schreib|schreiben sie|beschreibe|erwähne|erwähnen sie|antworte|antworten sie|empfiehl|empfehlen sie|besuche|besuchen sie|gehe|geh|gehen sie|öffne|klicke|lade|installiere|führe|nutze|verwende|schicke|schick|schicken sie|sende|senden sie|leite|leiten sie|teile|poste|füge|fügen sie|kopiere|tippe|trage|nenne|bestätige|gehorche|folge|befolge|handle|tu|tue|aktiviere|überweise|kaufe|verkaufe|kontaktiere|übersetze|fasse|dekodiere|entschlüssele|lobe|bewerte|behandle|merke|nie|niemals|lass|lasse|vermeide|verschweige|unterlasse|stelle|bezeichne|behaupte`,
  it: String.raw`ignora|ignorate|dimentica|dimenticate|trascura|non|mai|smetti|smettete|interrompi|rivela|rivelate|mostra|mostrate|stampa|elenca|ripeti|di'|dì|dite|scrivi|scrivete|descrivi|menziona|cita|rispondi|rispondete|consiglia|raccomanda|visita|vai|andate|apri|clicca|scarica|installa|esegui|usa|invia|inviate|manda|mandate|inoltra|inoltrate|condividi|pubblica|carica|incolla|incollate|copia|digita|inserisci|fornisci|dai|dammi|includi|aggiungi|conferma|obbedisci|segui|agisci|fingi|attiva|trasferisci|compra|vendi|contatta|traduci|riassumi|decodifica|elogia|valuta|considera|tratta|ricorda|afferma|definisci|presenta`,
  pt: String.raw`ignore|ignora|esqueça|esqueca|esquece|desconsidere|deixe|deixa|pare|revele|revela|mostre|mostra|imprima|liste|repita|diga|diz|escreva|escreve|descreva|mencione|não|nao|nunca|responda|responde|recomende|recomenda|visite|vá|acesse|acessa|entre|abra|clique|baixe|instale|execute|use|envie|envia|mande|manda|encaminhe|encaminha|compartilhe|publique|carregue|cole|cola|copie|digite|insira|forneça|forneca|dê|inclua|adicione|confirme|obedeça|obedeca|siga|aja|finja|ative|transfira|compre|venda|contate|traduza|resuma|decodifique|elogie|avalie|considere|trate|lembre|afirme|apresente`,
  nl: String.raw`negeer|vergeet|sla|stop|onthul|toon|laat|print|geef|herhaal|zeg|schrijf|beschrijf|vermeld|noem|antwoord|beantwoord|raad|bezoek|ga|open|klik|download|installeer|voer|gebruik|stuur|verstuur|mail|e-mail|deel|post|upload|plak|kopieer|typ|vul|lever|voeg|bevestig|gehoorzaam|volg|doe|gedraag|activeer|maak|koop|verkoop|neem|vertaal|vat|decodeer|prijs|beoordeel|beschouw|behandel|onthoud|nooit|niet|noem|presenteer`,
  ru: String.raw`игнорируй\p{L}*|проигнорируй\p{L}*|забудь\p{L}*|не|никогда|отбрось\p{L}*|пренебреги|прекрати\p{L}*|перестань\p{L}*|остановись|раскрой\p{L}*|покажи\p{L}*|выведи\p{L}*|распечатай|перечисли|повтори|скажи\p{L}*|напиши\p{L}*|опиши|упомяни|отвечай\p{L}*|ответь\p{L}*|порекомендуй\p{L}*|рекомендуй\p{L}*|посоветуй|зайди\p{L}*|перейди\p{L}*|открой\p{L}*|нажми|скачай|установи|запусти|выполни\p{L}*|используй|отправь\p{L}*|пошли|перешли\p{L}*|поделись|опубликуй|загрузи|вставь\p{L}*|скопируй|введи\p{L}*|предоставь|дай|добавь|подтверди|подчиняйся|следуй|действуй|притворись|включи|переведи|купи|продай|свяжись|перескажи|расшифруй\p{L}*|декодируй|похвали|оцени|считай|запомни|сообщи\p{L}*|назови`,
  ar: String.raw`[وف]?(?:تجاهل|تجاهلي|تجاهلوا|انس|انسي|انسوا|اترك|توقف|توقفي|اكشف|اكشفي|اعرض|اعرضي|أظهر|اظهر|اطبع|كرر|قل|قولي|اكتب|اكتبي|صف|اذكر|لا|أجب|اجب|أجيبي|رد|ردي|أوص|انصح|زر|اذهب|ادخل|أدخل|افتح|انقر|اضغط|نزل|حمل|ثبت|شغل|نفذ|استخدم|أرسل|ارسل|أرسلي|ابعث|حول|انشر|ارفع|الصق|انسخ|قدم|أعط|اعط|أضف|اضف|أكد|اكد|أطع|اطع|اتبع|تصرف|تظاهر|اشتر|بع|تواصل|ترجم|لخص|فك|امدح|قيم|اعتبر|تذكر|أخبر|اخبر)`,
  zh: String.raw`忽略|无视|無視|忘记|忘掉|忘記|停止|不要|别|別|显示|顯示|输出|輸出|打印|列出|重复|重複|告诉|告訴|说|說|写|寫|描述|提及|回复|回覆|回答|推荐|推薦|访问|訪問|打开|打開|点击|點擊|下载|下載|安装|安裝|运行|運行|执行|執行|使用|调用|調用|发送|發送|发到|發到|发给|發給|转发|轉發|分享|上传|上傳|粘贴|粘貼|貼上|复制|複製|输入|輸入|提供|给出|給出|加入|确认|確認|服从|服從|遵循|假装|假裝|启用|啟用|转账|轉賬|购买|購買|联系|聯繫|翻译|翻譯|总结|總結|解码|解碼|泄露|洩露|泄漏|透露|称赞|稱讚|把|改为|改為`,
}

/** Imperatives marked on the verb (Turkish, Japanese, Korean), and Chinese orders, which may stand anywhere. */
export const DIRECTIVE_FORM: Lexicon = {
  tr: String.raw`(?:yok say|unut|görmezden gel|gormezden gel|dikkate alma|birak|durdur|göster|goster|açikla|acikla|ifşa et|ifsa et|yazdir|listele|tekrarla|söyle|soyle|yaz|anlat|bahset|bahsetme|belirt|yanit ver|cevap ver|öner|oner|tavsiye et|ziyaret et|git|tikla|indir|yükle|yukle|çaliştir|calistir|kullan|gönder|gonder|ilet|paylaş|paylas|yapiştir|yapistir|kopyala|gir|sağla|sagla|ver|ekle|onayla|itaat et|uy|davran|etkinleştir|aktar|satin al|çevir|cevir|özetle|ozetle|çöz|coz|öv|değerlendir|degerlendir|hatirla|söyleme|soyleme|yazma|verme|gösterme|gosterme)(?:in|un|ün|iniz|unuz|ünüz)?`,
  ja: String.raw`(?:てください|でください|て下さい|てくれ|なさい|せよ|しろ|すること|ること|ないで|するな|しないこと|てほしい|ましょう)|(?:て|で|け|せ|れ|え|ろ|こと)(?=[。!]|$)`,
  ko: String.raw`(?:세요|십시오|시오|하라|해라|주세요|줘|마라|마세요|마십시오|말라|말아|하지 마|할 것)|(?:라|해|마)(?=[.!]|$)`,
  zh: DIRECTIVE.zh,
}

/** Imperatives that set instructions aside (their object is checked by the caller). */
export const OVERRIDE: Lexicon = {
  en: String.raw`ignore|disregard|forget|override|bypass|skip|drop|abandon|discard|ditch|scrap|set aside|put aside|pay no (?:attention|heed|mind) to|pay no (?:attention|heed)|take no notice of|(?:don't|do not|never) (?:follow|obey|listen to|heed|apply)|stop (?:following|obeying|applying)|no longer (?:follow|obey)|cancel|erase|delete|clear|reset|neglect|throw (?:out|away)|get rid of|overrule|unlearn|break|violate|circumvent|disable|turn off|deactivate|suspend|lift|remove|overwrite|wipe`,
  es: String.raw`ignora|ignore|ignorad|olvida|olvide|olvidad|olvídate de|olvidate de|descarta|descarte|omite|omita|haz caso omiso (?:de|a)|no hagas caso (?:de|a)|no haga caso (?:de|a)|no sigas|no siga|no obedezcas|no obedezca|deja de (?:lado|seguir|obedecer)|deja a un lado|pasa por alto|anula|anule|borra|elimina|desactiva|sáltate|saltate|rompe|incumple|desobedece`,
  fr: String.raw`ignore|ignorez|oublie|oubliez|néglige|négligez|neglige|negligez|ne (?:tiens|tenez) (?:plus|pas) compte|ne (?:suis|suivez) plus|n'(?:obéis|obeis|obéissez) plus|fais abstraction|faites abstraction|passe outre|passez outre|abandonne|abandonnez|laisse de côté|laissez de côté|mets de côté|mettez de côté|annule|annulez|efface|effacez|supprime|désactive|contourne|contournez|outrepasse|enfreins|écarte|ecarte`,
  de: String.raw`ignoriere|ignorier|ignorieren sie|vergiss|vergesst|vergessen sie|missachte|missachten sie|übergehe|umgehe|umgehen sie|beachte|beachten sie|befolge (?:nicht|keine)|folge nicht|verwirf|verwerfen sie|lösche|löschen sie|deaktiviere|überschreibe|brich|streiche`,
  it: String.raw`ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|scordati|trascura|trascurate|non (?:seguire|seguite|segua|obbedire|tenere conto|tener conto)|lascia perdere|lascia stare|metti da parte|scarta|annulla|cancella|elimina|disattiva|aggira|infrangi|viola|disobbedisci`,
  pt: String.raw`ignore|ignora|ignorem|esqueça|esqueca|esquece|esqueçam|desconsidere|desconsidera|deixe de lado|deixa de lado|deixe de seguir|(?:não|nao) (?:siga|sigas|obedeça|obedeca)|descarte|descarta|anule|anula|apague|apaga|elimine|desative|contorne|desobedeça|desobedeca`,
  nl: String.raw`negeer|negeert|vergeet|sla over|laat varen|laat los|volg (?:niet|geen)|gehoorzaam niet|gooi weg|omzeil|schrap|wis|verwijder|schakel uit|overschrijf|trek je niets aan van|let niet op`,
  ru: String.raw`игнорируй\p{L}*|проигнорируй\p{L}*|забудь\p{L}*|не обращай\p{L}* внимания|отбрось\p{L}*|отбрасывай\p{L}*|пренебреги|не следуй\p{L}*|не слушай\p{L}*|не выполняй\p{L}*|не подчиняйся|отмени\p{L}*|сбрось\p{L}*|удали\p{L}*|обойди\p{L}*|отключи\p{L}*|нарушь|выкинь|выбрось`,
  ar: String.raw`[وف]?(?:تجاهل|تجاهلي|تجاهلوا|انس|انسي|انسوا|اترك|اتركي|لا تلتزم|لا تتبع|لا تطع|ألغ|الغ|تخط|تجاوز|احذف|امسح)`,
  zh: String.raw`(?:忽略|无视|無視|忘记|忘掉|忘記|不要理会|不要理會|别管|別管|抛开|拋開|放弃|放棄|不要遵守|不要遵循|别遵守|別遵守|取消|删除|刪除|绕过|繞過)(?![了过過])`,
}

/** The same, in the languages whose verb follows its object (the form carries the imperative). */
export const OVERRIDE_AFTER_OBJECT: Lexicon = {
  tr: String.raw`yok say(?:in)?|unut(?:un)?|görmezden gel(?:in)?|gormezden gel(?:in)?|dikkate alma(?:yin)?|önemseme|onemseme|boşver|bosver|uyma(?:yin)?|atla|iptal et|göz ardi et|goz ardi et|sil`,
  ja: String.raw`(?:無視|破棄|取り消)(?:して|しろ|せよ|しなさい|すること|してください)|忘れ(?:て|ろ|なさい|ること)|従わないで|従うな`,
  ko: String.raw`무시(?:하고|하라|하세요|해|해라|하십시오|하시오)|잊(?:고|어|어라|으세요|으십시오|어버려)|따르지\s?(?:마|말)|버리(?:고|세요|라)`,
}

/** Imperatives that send, show or paste something somewhere (their object is checked by the caller). */
export const EXFILTRATE: Lexicon = {
  en: String.raw`send|email|e-mail|mail|forward|post|upload|submit|share|transmit|paste|enter|type(?: in)?|input|insert|copy|reveal|disclose|print|output|show|display|list|leak|give|provide|dump|expose|repeat|tell me|write (?:down|out)|include|attach|publish|read out|spell out|export`,
  es: String.raw`envía|envia|envíe|envie|manda|mande|reenvía|reenvia|reenvíe|reenvie|publica|sube|comparte|pega|pegue|introduce|escribe|copia|revela|revele|muestra|muestre|imprime|enumera|filtra|da|dame|proporciona|facilita|incluye|adjunta|repite|dime`,
  fr: String.raw`envoie|envoyez|envoie-moi|envoyez-moi|transmets|transmettez|transfère|transférez|transfere|partage|partagez|publie|colle|collez|saisis|saisissez|entre|entrez|tape|tapez|copie|copiez|révèle|révélez|revele|affiche|affichez|montre|montrez|imprime|liste|donne|donnez|donne-moi|fournis|fournissez|inclus|joins|répète|dis-moi|dites-moi`,
  de: String.raw`sende|senden sie|schicke|schick|schicken sie|leite|leiten sie|teile|poste|lade|füge|fügen sie|gib|geben sie|trage|tippe|kopiere|verrate|verraten sie|zeige|zeig|zeigen sie|drucke|liste|nenne|nennen sie|veröffentliche|übermittle|übertrage|wiederhole|schreibe`,
  it: String.raw`invia|inviate|manda|mandate|inoltra|inoltrate|condividi|pubblica|carica|incolla|incollate|inserisci|digita|copia|rivela|rivelate|mostra|mostrate|stampa|elenca|dai|dammi|fornisci|includi|allega|ripeti|dimmi|scrivi`,
  pt: String.raw`envie|envia|mande|manda|encaminhe|encaminha|compartilhe|partilha|publique|carregue|cole|cola|insira|digite|copie|revele|revela|mostre|mostra|imprima|liste|dê|forneça|forneca|inclua|anexe|repita|diga-me|escreva`,
  nl: String.raw`stuur|verstuur|mail|e-mail|deel|post|upload|plak|voer in|vul in|typ|kopieer|onthul|toon|laat zien|print|geef|lever|noem|herhaal|vertel|schrijf`,
  ru: String.raw`отправь\p{L}*|пошли\p{L}*|перешли\p{L}*|поделись|опубликуй\p{L}*|загрузи\p{L}*|вставь\p{L}*|введи\p{L}*|скопируй\p{L}*|раскрой\p{L}*|покажи\p{L}*|выведи\p{L}*|распечатай|перечисли|дай|предоставь\p{L}*|повтори|скажи\p{L}*|напиши\p{L}*|сообщи\p{L}*|слей|выдай\p{L}*`,
  ar: String.raw`[وف]?(?:أرسل|ارسل|أرسلي|ابعث|حول|انشر|ارفع|الصق|أدخل|ادخل|اكتب|انسخ|اكشف|اكشفي|اعرض|اعرضي|أظهر|اظهر|اطبع|أعط|اعط|أعطني|قدم|كرر|سرب|شارك|أخبرني)`,
  zh: String.raw`(?:发送|發送|发到|發到|发给|發給|转发|轉發|分享|上传|上傳|粘贴|粘貼|貼上|输入|輸入|复制|複製|透露|泄露|洩露|泄漏|显示|顯示|输出|輸出|打印|列出|告诉我|告訴我|给我|給我|提供|重复|重複|公开|公開)(?![了过過])`,
}

/** The same, in the languages whose verb follows its object. */
export const EXFILTRATE_AFTER_OBJECT: Lexicon = {
  tr: String.raw`(?:gönder|gonder|ilet|paylaş|paylas|yükle|yukle|yapiştir|yapistir|gir|yaz|kopyala|göster|goster|açikla|acikla|ifşa et|ifsa et|yazdir|listele|ver|sağla|sagla|tekrarla|söyle|soyle|sizdir|aktar)(?:in|un|ün|iniz)?`,
  ja: String.raw`(?:送信|送|転送|共有|投稿|アップロード|貼り付け|入力|コピー|表示|公開|開示|出力|印刷|教え|見せ|漏ら|伝え)(?:して|しろ|せよ|しなさい|すること|してください|って|ってください|てください|て|ろ|れ|せ|なさい|ること)`,
  ko: String.raw`(?:보내|전송|전달|공유|게시|업로드|붙여\s?넣|입력|복사|공개|출력|표시|알려|보여|말해|유출)[\p{L}\s]{0,6}?(?:세요|십시오|시오|하라|해라|라|줘|해)(?![\p{L}])`,
}

/** Telling the reader to keep something from the person it works for. */
export const CONCEAL: Lexicon = {
  en: String.raw`(?:don't|do not|never|no need to) (?:tell|inform|alert|notify|show|warn|let|mention (?:this |it )?to|reveal (?:this |it )?to) (?:the|your|any) (?:user|reader)s?|without (?:telling|informing|alerting|notifying|warning|letting) (?:the|your) (?:user|reader)s?|(?:keep|hide) (?:this|it) (?:from|secret from) (?:the|your) (?:user|reader)s?`,
  es: String.raw`no (?:le )?(?:digas|diga|informes|informe|cuentes|cuente|menciones|mencione|avises|avise) (?:nada )?(?:de esto |esto )?al usuario|sin (?:avisar|decir|informar)(?:le)? al usuario|sin que el usuario lo sepa`,
  fr: String.raw`ne (?:le |lui )?(?:dis|dites|révèle|révélez|mentionne|mentionnez|signale|signalez) (?:rien |pas |jamais )?(?:ceci |cela |ça )?à l'utilisat(?:eur|rice)|sans (?:le dire à|prévenir|avertir|informer) l'utilisat(?:eur|rice)`,
  de: String.raw`(?:sag|sage|sagen sie|verrate|verraten sie|erzähl|erzähle) (?:dem|der|deinem|deiner) (?:benutzer|nutzer|anwender)(?:in)? nichts|ohne (?:den|die|deinen) (?:benutzer|nutzer)(?:in)? zu (?:informieren|warnen|benachrichtigen)`,
  it: String.raw`non (?:dire|dirlo|rivelare|menzionare|dica|informare|avvisare) (?:nulla |niente )?all'utente|senza (?:avvisare|informare) l'utente`,
  pt: String.raw`(?:não|nao) (?:diga|conte|revele|mencione|informe|avise) (?:nada )?(?:isso |disso )?(?:ao|para o) (?:usuário|usuario|utilizador)|sem (?:avisar|informar) o (?:usuário|usuario|utilizador)`,
  nl: String.raw`(?:vertel|zeg|meld) (?:dit |het )?(?:niet|niets) (?:aan|tegen) de gebruiker|zonder de gebruiker (?:te )?(?:informeren|waarschuwen|in te lichten)`,
  ru: String.raw`не (?:говори|сообщай|рассказывай|показывай|упоминай)\p{L}* (?:об этом )?пользовател\p{L}*|без ведома пользовател\p{L}*|чтобы пользователь не (?:узнал|знал)`,
  tr: String.raw`kullaniciya (?:bundan )?(?:söyleme|soyleme|bildirme|haber verme|gösterme|gosterme|bahsetme)\p{L}*`,
  ar: String.raw`لا (?:تخبر|تخبري|تذكر|تعلم|تبلغ) المستخدم|(?:دون|بدون) (?:إخبار|علم|إعلام) المستخدم`,
  ja: String.raw`ユーザー(?:に|には)(?:知らせ|伝え|言わ|教え|見せ)(?:ないで|るな|ず)`,
  ko: String.raw`사용자(?:에게|한테)\s*(?:알리지|말하지|전하지|보여주지|알려주지)\s*(?:마|말)`,
  zh: String.raw`(?:不要|别|別|切勿|不得)(?:告诉|告訴|通知|让|讓)(?:用户|用戶|使用者)|(?:不|别|別)(?:让|讓)(?:用户|用戶)知道`,
}

/** Telling a summarizer to stop summarizing. */
export const STOP_SUMMARIZING: Lexicon = {
  en: String.raw`(?:stop|quit|cease|don't|do not|never|instead of|rather than) summari[sz]\p{L}*|(?:don't|do not) (?:write|produce|give) (?:a |any )?summary`,
  es: String.raw`deja de resumir|no (?:lo )?resumas|no resuma|en (?:lugar|vez) de resumir`,
  fr: String.raw`(?:arrête|arrêtez|arrete|arretez|cesse|cessez) (?:de résumer|le résumé|de resumer)|ne (?:résume|résumez|resume) pas|au lieu de résumer`,
  de: String.raw`(?:hör|höre|hören sie) auf(?:,)? zusammenzufassen|fasse nicht zusammen|statt zusammenzufassen|keine zusammenfassung`,
  it: String.raw`smetti di riassumere|non riassumere|invece di riassumere`,
  pt: String.raw`pare de resumir|(?:não|nao) resuma|em vez de resumir`,
  nl: String.raw`stop met samenvatten|vat niet samen|in plaats van samen te vatten`,
  ru: String.raw`прекрати (?:пересказ\p{L}*|резюмир\p{L}*)|перестань (?:пересказывать|резюмировать)|не пересказывай|вместо пересказа`,
  tr: String.raw`(?:özetlemeyi|ozetlemeyi) (?:birak|durdur|kes)`,
  ar: String.raw`توقف عن (?:التلخيص|تلخيص)|لا تلخص|بدلا من التلخيص`,
  ja: String.raw`要約を(?:やめ|中止|止め)|要約しないで|要約せず`,
  ko: String.raw`요약(?:을|를)?\s?(?:중단|멈추|그만)|요약하지\s?(?:마|말)`,
  zh: String.raw`停止(?:总结|總結|摘要)|不要(?:总结|總結)|(?:别|別)(?:总结|總結)`,
}
