import type { Lexicon } from './lexicon.ts'

/**
 * What an injection's imperative is about: the reader's own instructions ("your earlier guidance", "what you were
 * told"), secrets and the conversation, limits it should drop. News talks about rules and passwords too; it does
 * not talk about *your* instructions, or tell its reader to send a password to an address.
 */

/** Instructions an AI is given. Alone, with "previous"/"your", they make "ignore …" an injection. */
export const INSTRUCTIONS: Lexicon = {
  en: String.raw`instructions?|prompts?|system prompt|directives?|programming|guidelines|guidance|commands`,
  es: String.raw`instrucciones|indicaciones|directrices|directivas|consignas|prompts?|programación|programacion|órdenes|ordenes|orientaciones`,
  fr: String.raw`instructions|consignes|directives|prompts?|programmation|orientations`,
  de: String.raw`anweisungen|instruktionen|befehle|vorgaben|richtlinien|systemprompt|prompts?|programmierung`,
  it: String.raw`istruzioni|indicazioni|direttive|linee guida|prompt|programmazione|ordini`,
  pt: String.raw`instruções|instrucoes|orientações|orientacoes|diretrizes|diretivas|ordens|prompts?|programação|programacao`,
  nl: String.raw`instructies|opdrachten|richtlijnen|bevelen|prompts?|systeemprompt|programmering|aanwijzingen`,
  ru: String.raw`инструкци\p{L}*|указани\p{L}*|директив\p{L}*|команд\p{L}*|промпт\p{L}*|распоряжени\p{L}*|установк\p{L}*`,
  tr: String.raw`talimat\p{L}*|yönerge\p{L}*|yonerge\p{L}*|direktif\p{L}*|komut\p{L}*|istem\p{L}*|prompt\p{L}*`,
  ar: String.raw`(?:ال|و|ب)?(?:تعليمات|أوامر|اوامر|توجيهات|إرشادات|ارشادات)\p{L}*|موجه النظام`,
  ja: String.raw`指示|命令|指令|プロンプト|指針|ガイドライン`,
  ko: String.raw`지시|지침|명령|프롬프트|가이드라인`,
  zh: String.raw`指令|指示|提示词|提示詞|系统提示|系統提示|命令|指引|准则|準則`,
}

/** Rules and limits: shared with news ("forget the old rules"), so they count only as *yours*. */
export const RULES: Lexicon = {
  en: String.raw`rules|orders|policies|restrictions|constraints|limits|limitations|training|configuration|settings|safeguards|filters|guardrails`,
  es: String.raw`reglas|normas|pautas|restricciones|límites|limites|políticas|politicas|creadores|programadores`,
  fr: String.raw`règles|regles|ordres|restrictions|limites|politiques|créateurs|createurs`,
  de: String.raw`regeln|einschränkungen|grenzen|beschränkungen|vorschriften|entwickler`,
  it: String.raw`regole|norme|restrizioni|limiti|creatori`,
  pt: String.raw`regras|normas|restrições|restricoes|limites|criadores`,
  nl: String.raw`regels|beperkingen|grenzen|makers`,
  ru: String.raw`правил\p{L}*|ограничени\p{L}*|настройк\p{L}*|создател\p{L}*|разработчик\p{L}*`,
  tr: String.raw`kural\p{L}*|kisitlama\p{L}*|sinir\p{L}*`,
  ar: String.raw`(?:ال)?(?:قواعد|قيود|ضوابط)\p{L}*`,
  ja: String.raw`ルール|規則|制限|設定|方針`,
  ko: String.raw`규칙|규정|제한|설정`,
  zh: String.raw`规则|規則|限制|设定|設定|要求`,
}

/** "previous", "above", "original", "all": instructions that came before this text. */
export const EARLIER: Lexicon = {
  en: String.raw`previous|prior|above|earlier|preceding|foregoing|former|original|initial|existing|system|hidden|all|any|every|given|received|default|current|first|built-in|standing|safety|operator|developer`,
  es: String.raw`anteriores|previas|previos|de arriba|iniciales|originales|recibidas|dadas|existentes|del sistema|ocultas|tod[ao]s|cualquier`,
  fr: String.raw`précédentes|precedentes|antérieures|anterieures|ci-dessus|initiales|originales|d'origine|reçues|recues|données|donnees|existantes|du système|cachées|toutes|tous`,
  de: String.raw`vorherigen|vorigen|bisherigen|obigen|früheren|ursprünglichen|anfänglichen|erhaltenen|gegebenen|bestehenden|versteckten|alle`,
  it: String.raw`precedenti|di sopra|sopra|iniziali|originali|ricevute|date|esistenti|del sistema|nascoste|tutte|tutti`,
  pt: String.raw`anteriores|prévias|previas|acima|iniciais|originais|recebidas|dadas|existentes|do sistema|ocultas|todas|todos`,
  nl: String.raw`eerdere|vorige|bovenstaande|voorgaande|oorspronkelijke|originele|gekregen|gegeven|bestaande|verborgen|alle`,
  ru: String.raw`предыдущ\p{L}*|прежн\p{L}*|прошл\p{L}*|вышеуказанн\p{L}*|выше|исходн\p{L}*|первоначальн\p{L}*|полученн\p{L}*|системн\p{L}*|скрыт\p{L}*|все|всё|всех|любые`,
  tr: String.raw`önceki|onceki|daha önce|daha once|yukaridaki|ilk|orijinal|verilen|aldiğin|aldigin|mevcut|gizli|tüm|tum|bütün|butun`,
  ar: String.raw`السابقة|أعلاه|اعلاه|الأصلية|الاصلية|الأولى|الماضية|المعطاة|جميع|كل|كافة|المخفية`,
  ja: String.raw`以前|これまで|前の|上記|先ほど|今まで|最初|元の|与えられた|すべての|全ての|全部|隠された`,
  ko: String.raw`이전|지금까지|기존|위의|앞의|처음|원래|받은|주어진|모든|숨겨진`,
  zh: String.raw`之前|先前|以前|上面|上述|原来|原來|原有|所有|全部|收到的|隐藏|隱藏|此前`,
}

/** The reader as "you" (pronouns and possessives). */
export const YOU: Lexicon = {
  en: String.raw`you|your|yours|yourself|you're|you've|you'll|u|ur`,
  es: String.raw`tú|tu|tus|te|ti|usted|ustedes|vosotros|os|vuestr\p{L}*`,
  fr: String.raw`tu|toi|te|t'|ton|ta|tes|vous|votre|vos`,
  de: String.raw`du|dich|dir|dein\p{L}*|euch|euer|eure\p{L}*`,
  it: String.raw`tu|ti|te|tuo|tua|tuoi|tue|voi|vi|vostr\p{L}*`,
  pt: String.raw`você|voce|vocês|tu|te|ti|teu|tua|teus|tuas|seu|sua|seus|suas|lhe`,
  nl: String.raw`je|jij|jou|jouw|u|uw|jullie`,
  ru: String.raw`ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоих|твоим|вы|вас|вам|ваш\p{L}*|свой|своя|свои|своих|своим|своё|свое`,
  tr: String.raw`sen|sana|seni|senin|siz|size|sizin|(?:talimat|kural|yönerge|yonerge|komut|direktif|istem|kisitlama)l[ae]rin(?:i|a|da)?`,
  ar: String.raw`لك|عليك|أنت|انت|إليك|اليك|منك|(?:تعليمات|قواعد|إرشادات|ارشادات|توجيهات|أوامر|اوامر|قيود|ملخص|مفتاح)ك`,
  ja: String.raw`あなた|君|きみ|お前|おまえ|貴方`,
  ko: String.raw`당신|너의|너는|너|네가|네\s|그대`,
  zh: String.raw`你|您|妳`,
}

/** The reader's own: "your rules", "tus directrices" (news says "its rules"). */
export const YOUR: Lexicon = {
  en: String.raw`your|ur`,
  es: String.raw`tus|tu|vuestr\p{L}*`,
  fr: String.raw`tes|ton|ta|vos|votre`,
  de: String.raw`dein\p{L}*|eure\p{L}*|euer`,
  it: String.raw`tuo|tua|tuoi|tue|vostr\p{L}*`,
  pt: String.raw`seu|sua|seus|suas|teu|tua|teus|tuas`,
  nl: String.raw`je|jouw|uw`,
  ru: String.raw`твой|твоя|твоё|твое|твои|твоих|ваш\p{L}*|свой|своя|свои|своих|своё|свое`,
  tr: String.raw`senin|sizin|(?:talimat|kural|yönerge|yonerge|komut|direktif|istem|kisitlama)l[ae]rin(?:i|a|da)?`,
  ar: String.raw`(?:تعليمات|قواعد|إرشادات|ارشادات|توجيهات|أوامر|اوامر|قيود)ك`,
  ja: String.raw`あなたの|君の|お前の`,
  ko: String.raw`당신의|너의|네\s`,
  zh: String.raw`你的|您的`,
}

/** "you are", "you have": the reader as the subject of a claim about what it now is. */
export const YOU_ARE: Lexicon = {
  en: String.raw`you are|you're|you have|you've|you now|you will|you can`,
  es: String.raw`eres|estás|estas|tienes|ya no tienes|no tienes`,
  fr: String.raw`tu es|tu as|tu n'as|vous etes|vous êtes|vous avez|vous n'avez`,
  de: String.raw`du bist|du hast|bist du|hast du`,
  it: String.raw`sei|hai|non hai`,
  pt: String.raw`você é|voce e|você está|você tem|você não tem|és|tens`,
  nl: String.raw`je bent|jij bent|je hebt|jij hebt|ben je|heb je`,
  ru: String.raw`ты|у тебя|вы|у вас`,
  tr: String.raw`sen|senin|sende|artik`,
  ar: String.raw`أنت|انت|لديك|عليك`,
  ja: String.raw`あなたは|君は|お前は|あなたには`,
  ko: String.raw`당신은|너는|너에게는|당신에게는`,
  zh: String.raw`你|您`,
}

/** What someone told the reader before this text: "what you were told", "the rules you were given". */
export const TOLD_YOU: Lexicon = {
  en: String.raw`(?:told|gave|given|instructed|asked|taught|programmed|trained) (?:to )?you|you (?:were|have been|'ve been|had been|was) (?:told|given|instructed|asked|programmed|trained)|(?:everything|anything|all) (?:above|before this|said before)`,
  es: String.raw`te (?:dijeron|dieron|han dicho|han dado|indicaron|ordenaron|pidieron|enseñaron)|lo que te|recibiste|le (?:dijeron|dieron)`,
  fr: String.raw`(?:t'a|vous a) (?:été )?(?:dit|donné|demandé|indiqué|fourni|appris)|ce qu'on t|ce qu'on vous`,
  de: String.raw`dir (?:gesagt|gegeben|aufgetragen|befohlen)|was man dir|dir (?:wurde|wurden)|du (?:erhalten|bekommen) hast`,
  it: String.raw`ti (?:è|e) stat[oaie] (?:dett[oaie]|dat[oaie])|ti hanno (?:detto|dato|chiesto)|che ti (?:hanno|sono)|quanto ti|ricevut[eio]`,
  pt: String.raw`(?:te|lhe) (?:disseram|deram|pediram|foi dito|foram dadas)|que recebeu|que recebeste|recebid[ao]s`,
  nl: String.raw`(?:je|jou|u) (?:is|zijn|werd|werden) (?:verteld|gezegd|gegeven)|wat je (?:is |eerder )*(?:verteld|gezegd)|(?:je|jij) (?:hebt )?(?:eerder )?gekregen|je eerder (?:hebt )?gekregen|is verteld|is gezegd`,
  ru: String.raw`(?:тебе|вам) (?:говорили|сказали|давали|дали|велели|приказали)|получил\p{L}*|что тебе`,
  tr: String.raw`sana (?:söylenen|soylenen|verilen|önceden|onceden)|sana (?:daha önce|daha once)`,
  ar: String.raw`قيل لك|(?:أعطيت|اعطيت|أعطيتها|تلقيت|تلقيتها)\p{L}*`,
  ja: String.raw`与えられた|言われた|教えられた|受け取った|指示された`,
  ko: String.raw`받은|들은|주어진`,
  zh: String.raw`告诉你|告訴你|给你的|給你的|你收到|收到的`,
}

/** Instructions declared void: "no longer apply", "are cancelled". */
export const CANCELLED: Lexicon = {
  en: String.raw`no longer (?:applies|apply|valid|in effect|in force|matters?|count)|(?:are|is) (?:now )?(?:cancell?ed|void|revoked|obsolete|overridden|superseded|suspended|null|invalid|lifted|replaced)|(?:doesn't|don't|does not|do not) (?:apply|count|matter) (?:anymore|any more)`,
  es: String.raw`anuladas|canceladas|revocadas|suspendidas|quedan sin efecto|ya no (?:valen|aplican|sirven|son válidas|son validas|cuentan)`,
  fr: String.raw`annulées|annulees|caduques|révoquées|suspendues|ne s'appliquent plus|ne sont plus (?:valables|valides)|ne comptent plus`,
  de: String.raw`gelten nicht mehr|gilt nicht mehr|(?:sind|ist) (?:aufgehoben|ungültig|außer kraft|nichtig|widerrufen)`,
  it: String.raw`annullate|revocate|sospese|non (?:valgono|contano) più|non sono più valide`,
  pt: String.raw`canceladas|anuladas|revogadas|suspensas|não (?:valem|contam|se aplicam) mais|nao (?:valem|contam) mais`,
  nl: String.raw`vervallen|ingetrokken|ongeldig|opgeheven|gelden niet meer|zijn niet meer geldig`,
  ru: String.raw`(?:отменен\p{L}*|недействительн\p{L}*|аннулирован\p{L}*)|больше не (?:действуют|действует|применяются|важн\p{L}*)`,
  tr: String.raw`geçersiz\p{L}*|gecersiz\p{L}*|iptal edildi|artik geçerli değil|artik gecerli degil`,
  ar: String.raw`ملغاة|لاغية|لم تعد (?:سارية|صالحة)|باطلة`,
  ja: String.raw`無効|取り消され|もう適用されない|適用されません`,
  ko: String.raw`무효|취소되었|더 이상 유효하지`,
  zh: String.raw`作废|作廢|无效|無效|已取消|不再有效|不再适用|不再適用`,
}

/** Secrets, the conversation and the agent's own output: what an exfiltration sends or shows. */
export const SECRET: Lexicon = {
  en: String.raw`passwords?|passcodes?|passphrases?|pins?|credentials|logins?|login (?:details|data|info)|api[ -]?keys?|access (?:keys?|tokens?|codes?)|secret keys?|private keys?|keys|tokens?|session (?:cookies?|tokens?)|cookies|secrets|seed phrases?|recovery (?:phrases?|codes?)|one-time (?:codes?|passwords?)|bank (?:details|data)|card (?:numbers?|details)|conversations?|chat (?:history|logs?|transcripts?)|(?:message|browsing|search) history|history|messages|emails|contacts|files|system prompt|hidden (?:instructions|rules|prompts?|configuration)|configuration|memory|context window|environment variables|results?|outputs?|responses|answers|data|context`,
  es: String.raw`contraseñas?|contrasenas?|claves?|credenciales|tokens?|datos (?:de acceso|bancarios)|historial|conversaci[oó]n|mensajes|correos|prompt del sistema|prompt de sistema|configuración|configuracion|cookies|resultados|respuestas|datos`,
  fr: String.raw`mots? de passe|clés?|cles?|clé d'api|identifiants|jetons?|tokens?|historique|conversations?|messages|courriels|prompt système|prompt systeme|invite système|configuration|données (?:de connexion|bancaires)|résultats|resultats|réponses|données`,
  de: String.raw`passw[oö]rt\p{L}*|kennw[oö]rt\p{L}*|zugangsdaten|anmeldedaten|api-schlüssel\p{L}*|schlüssel\p{L}*|token\p{L}*|chatverlauf|gesprächsverlauf|verlauf|unterhaltung|nachrichten|systemprompt|system-prompt|konfiguration|bankdaten|pin|ergebnisse|antworten|daten`,
  it: String.raw`password|credenziali|chiav[ei]|token|cronologia|conversazion[ei]|messaggi|prompt di sistema|configurazione|dati bancari|risultati|risposte|dati`,
  pt: String.raw`senhas?|credenciais|chaves?|tokens?|hist[oó]rico|conversas?|mensagens|prompt (?:de|do) sistema|configuração|configuracao|dados bancários|resultados|respostas|dados`,
  nl: String.raw`wachtwoord\p{L}*|inloggegevens|api-sleutel\p{L}*|sleutel\p{L}*|tokens?|toegangstoken|chatgeschiedenis|gespreksgeschiedenis|geschiedenis|gesprek\p{L}*|berichten|systeemprompt|configuratie|bankgegevens|resultaten|antwoorden|gegevens`,
  ru: String.raw`парол\p{L}*|учётн\p{L}* данн\p{L}*|учетн\p{L}* данн\p{L}*|ключ\p{L}*|api-ключ\p{L}*|токен\p{L}*|истори\p{L}*|переписк\p{L}*|сообщени\p{L}*|системн\p{L}* промпт\p{L}*|настройк\p{L}*|данные для входа|результат\p{L}*|ответ\p{L}*|данн\p{L}*`,
  tr: String.raw`şifre\p{L}*|sifre\p{L}*|parola\p{L}*|kimlik bilgi\p{L}*|api anahtar\p{L}*|anahtar\p{L}*|erişim belirte\p{L}*|erisim belirte\p{L}*|belirte\p{L}*|token\p{L}*|sohbet geçmiş\p{L}*|konuşma geçmiş\p{L}*|geçmiş\p{L}*|gecmis\p{L}*|mesaj\p{L}*|sistem istem\p{L}*|yapilandirma\p{L}*|sonuç\p{L}*|sonuc\p{L}*|yanit\p{L}*|veri\p{L}*`,
  ar: String.raw`(?:ال)?(?:كلمة المرور|كلمات المرور|كلمة السر|كلمات مرور|كلمة مرور|بيانات الدخول|بيانات الاعتماد|مفتاح|مفاتيح|رمز الوصول|سجل المحادثة|سجل المحادثات|محادثة|رسائل|موجه النظام|تعليمات المخفية|إعدادات|نتائج|بيانات)\p{L}*`,
  ja: String.raw`パスワード|認証情報|apiキー|キー|鍵|トークン|会話(?:の)?履歴|チャット履歴|履歴|メッセージ|システムプロンプト|設定|ログイン情報|結果|回答|データ`,
  ko: String.raw`비밀번호|암호|인증\s?정보|api\s?키|키|토큰|대화\s?기록|채팅\s?기록|기록|메시지|시스템\s?프롬프트|설정|로그인\s?정보|결과|답변|데이터`,
  zh: String.raw`密码|密碼|凭证|憑證|凭据|憑據|密钥|密鑰|令牌|对话记录|對話記錄|聊天记录|聊天記錄|记录|記錄|消息|系统提示词|系統提示詞|系统提示|设置|設置|登录信息|结果|結果|回答|数据|數據`,
}

/** Secrets only an AI holds: its prompt, its hidden configuration, the conversation it is in. */
export const SECRET_OF_AI: Lexicon = {
  en: String.raw`system prompt|(?:hidden|secret|initial|original) (?:instructions|rules|prompts?|configuration|guidelines)|conversation (?:history|logs?|transcripts?)|chat (?:history|logs?|transcripts?)|(?:your|this|our) (?:conversation|chat)|context window|environment variables|the user's \p{L}+|user's (?:passwords?|credentials|files|messages|emails|data|keys?|history)`,
  es: String.raw`prompt (?:del|de) sistema|instrucciones ocultas|historial de (?:la )?conversación|historial de (?:la )?conversacion|historial del chat|del usuario`,
  fr: String.raw`prompt système|prompt systeme|invite système|instructions cachées|historique (?:de la conversation|du chat)|de (?:ton|votre) utilisat(?:eur|rice)|de l'utilisat(?:eur|rice)`,
  de: String.raw`systemprompt|system-prompt|versteckten anweisungen|chatverlauf|gesprächsverlauf|(?:deines|des) (?:nutzers|benutzers)`,
  it: String.raw`prompt di sistema|istruzioni nascoste|cronologia della (?:chat|conversazione)|dell'utente`,
  pt: String.raw`prompt (?:de|do) sistema|instruções ocultas|histórico da conversa|historico da conversa|do (?:usuário|usuario|utilizador)`,
  nl: String.raw`systeemprompt|verborgen instructies|chatgeschiedenis|gespreksgeschiedenis|van de gebruiker`,
  ru: String.raw`системн\p{L}* промпт\p{L}*|скрыт\p{L}* инструкци\p{L}*|истори\p{L}* (?:переписки|чата|диалога|разговора)|пользовател\p{L}*`,
  tr: String.raw`sistem istem\p{L}*|gizli talimat\p{L}*|sohbet geçmiş\p{L}*|sohbet gecmis\p{L}*|konuşma geçmiş\p{L}*|kullanicinin`,
  ar: String.raw`موجه النظام|التعليمات المخفية|سجل المحادث\p{L}*|المستخدم`,
  ja: String.raw`システムプロンプト|隠された指示|会話(?:の)?履歴|チャット履歴|ユーザーの`,
  ko: String.raw`시스템\s?프롬프트|숨겨진\s?지시|대화\s?기록|채팅\s?기록|사용자의`,
  zh: String.raw`系统提示词|系統提示詞|系统提示|隐藏指令|對話記錄|对话记录|聊天记录|聊天記錄|用户的|用戶的|使用者的`,
}

/** A mode with the AI's limits removed: never news about "you". */
export const UNRESTRICTED_MODE: Lexicon = {
  en: String.raw`developer mode|dev mode|god mode|debug mode|jailbr(?:ea|o)k\p{L}*|dan mode|do anything now|(?:unrestricted|unfiltered|uncensored) (?:mode|ai|model|assistant|version)`,
  es: String.raw`modo (?:desarrollador|dios|dan|sin restricciones)|jailbreak`,
  fr: String.raw`mode (?:développeur|developpeur|dieu|dan|sans restriction)|jailbreak`,
  de: String.raw`entwicklermodus|entwickler-modus|gottmodus|jailbreak`,
  it: String.raw`modalità (?:sviluppatore|dio|dan|senza restrizioni)|jailbreak`,
  pt: String.raw`modo (?:desenvolvedor|programador|deus|dan|sem restrições)|jailbreak`,
  nl: String.raw`ontwikkelaarsmodus|ontwikkelaarmodus|god-modus|jailbreak`,
  ru: String.raw`режим\p{L}* (?:разработчика|бога|dan|без ограничений)|джейлбрейк`,
  tr: String.raw`geliştirici mod\p{L}*|gelistirici mod\p{L}*|tanri mod\p{L}*|jailbreak`,
  ar: String.raw`وضع المطور|وضع dan|وضع غير مقيد`,
  ja: String.raw`開発者モード|脱獄|ジェイルブレイク|danモード`,
  ko: String.raw`개발자\s?모드|탈옥|dan\s?모드`,
  zh: String.raw`开发者模式|開發者模式|越狱|越獄|dan模式`,
}

/** Limits removed, in words news also uses ("travel without restrictions"): a cue only beside an address. */
export const UNRESTRICTED: Lexicon = {
  en: String.raw`no (?:more )?(?:restrictions|rules|limits|limitations|filters|guardrails|boundaries)|without (?:any )?(?:content )?(?:restrictions|limits|limitations|filters|guardrails|rules|censorship)|unrestricted|unfiltered|uncensored|free (?:of|from) (?:all |any )?(?:rules|restrictions|guidelines)`,
  es: String.raw`sin (?:ninguna |ningún |ningun |tipo de )?(?:restricciones|restricción|restriccion|límites|limites|reglas|filtros|censura)|no tienes (?:ninguna |más |mas )?(?:restricción|restricciones|límites|limites|reglas)`,
  fr: String.raw`sans (?:aucune |aucun )?(?:restrictions?|limites?|règles?|regles?|filtres?|censure)|plus aucune (?:restriction|limite|règle)|(?:n'as|n'avez) plus (?:aucune |de )?(?:restrictions?|limites?|règles?)`,
  de: String.raw`ohne (?:jegliche |irgendwelche )?(?:einschränkungen|grenzen|regeln|filter|zensur|beschränkungen)|keine (?:einschränkungen|grenzen|regeln|beschränkungen)(?: mehr)?|uneingeschränkt`,
  it: String.raw`senza (?:alcuna |alcun )?(?:restrizion[ei]|limit[ei]|regol[ae]|filtri|censura)|(?:non hai|nessuna) (?:più )?(?:restrizion[ei]|limit[ei]|regol[ae])`,
  pt: String.raw`sem (?:nenhuma |nenhum |qualquer )?(?:restrições|restricoes|restrição|limites|regras|filtros|censura)|(?:não|nao) tem mais (?:limites|regras|restrições)|nenhuma (?:restrição|regra|limitação)`,
  nl: String.raw`zonder (?:enige |welke )?(?:beperkingen|grenzen|regels|filters|censuur)|geen (?:beperkingen|grenzen|regels)(?: meer)?`,
  ru: String.raw`без (?:каких-либо |всяких |любых )?(?:ограничений|правил|фильтров|цензуры)|нет (?:никаких )?ограничений|никаких ограничений`,
  tr: String.raw`hiçbir (?:kisitlama|kural|sinir)\p{L}*|kisitlama\p{L}* yok|kisitlamasiz|sinirsiz|filtresiz|kuralsiz`,
  ar: String.raw`(?:بدون|دون|بلا) (?:أي )?(?:قيود|حدود|قواعد|رقابة)|لا قيود|غير مقيد`,
  ja: String.raw`制限なし|制限のない|制限なく|無制限|制限はない|制限はありません|フィルターなし`,
  ko: String.raw`제한\s?(?:이\s?)?없|제한\s?없이|무제한|아무\s?제한`,
  zh: String.raw`没有任何限制|沒有任何限制|没有限制|沒有限制|无限制|無限制|不受(?:任何)?限制|没有约束`,
}

/** "in your summary", "when summarizing": the reader's own output, which an injection steers. */
export const YOUR_SUMMARY: Lexicon = {
  en: String.raw`(?:in|within|for) your (?:summary|summaries|answer|response|reply|output|recap|overview)|when (?:you )?(?:summari[sz]\p{L}*|writing (?:a|the|your) summary|answering|responding)|while summari[sz]ing`,
  es: String.raw`en (?:tu|su) (?:resumen|respuesta)|al (?:resumir|responder)|cuando (?:resumas|respondas)`,
  fr: String.raw`dans (?:ton|votre) (?:résumé|resume|réponse|reponse)|en (?:résumant|resumant|répondant)|quand tu résumes|lorsque vous résumez`,
  de: String.raw`in (?:deiner|ihrer) (?:zusammenfassung|antwort)|beim zusammenfassen|wenn du \p{L}* ?zusammenfasst`,
  it: String.raw`nel (?:tuo )?riassunto|nella (?:tua )?risposta|quando riassumi|nel riassumere`,
  pt: String.raw`no (?:seu |teu )?resumo|na (?:sua |tua )?resposta|ao resumir|quando (?:você )?resumir`,
  nl: String.raw`in (?:je|jouw|uw) (?:samenvatting|antwoord)|bij het samenvatten|als je \p{L}* ?samenvat`,
  ru: String.raw`в (?:своём |своем |твоём |твоем |вашем )?(?:пересказе|резюме|ответе|кратком содержании)|при пересказе|пересказывая`,
  tr: String.raw`özetinde|ozetinde|özetlerken|ozetlerken|yanitinda|cevabinda`,
  ar: String.raw`في (?:ملخصك|ردك|إجابتك|اجابتك)|عند (?:تلخيص|التلخيص)|أثناء التلخيص`,
  ja: String.raw`要約(?:では|で|する際|の際|するとき|する時|に)|回答(?:では|で)`,
  ko: String.raw`요약(?:에서|할 때|시|에는)|답변에서`,
  zh: String.raw`(?:在|于)(?:你的)?(?:摘要|总结|總結|回答)中|总结时|總結時|摘要时|摘要中`,
}

/** The person the AI works for (a concealment is about them). */
export const USER: Lexicon = {
  en: String.raw`users?|readers?`,
  es: String.raw`usuarios?|lector(?:es)?`,
  fr: String.raw`l'utilisat(?:eur|rice)|utilisat(?:eur|rice)s?`,
  de: String.raw`benutzer(?:in)?|nutzer(?:in)?|anwender(?:in)?`,
  it: String.raw`l'utente|utent[ei]`,
  pt: String.raw`usuários?|usuarios?|utilizador(?:es)?`,
  nl: String.raw`gebruiker(?:s)?`,
  ru: String.raw`пользовател\p{L}*`,
  tr: String.raw`kullanici\p{L}*`,
  ar: String.raw`المستخدم\p{L}*`,
  ja: String.raw`ユーザー`,
  ko: String.raw`사용자`,
  zh: String.raw`用户|用戶|使用者`,
}

/** Summarizing, in any form (the screen's first test needs it for STOP_SUMMARIZING). */
export const SUMMARY: Lexicon = {
  en: String.raw`summar\p{L}*`,
  es: String.raw`resum\p{L}*`,
  fr: String.raw`résum\p{L}*|resum\p{L}*`,
  de: String.raw`zusammenfass\p{L}*|zusammenzufassen`,
  it: String.raw`riassum\p{L}*|riassunt\p{L}*`,
  pt: String.raw`resum\p{L}*`,
  nl: String.raw`samenvat\p{L}*|samen te vatten`,
  ru: String.raw`переска\p{L}*|резюм\p{L}*`,
  tr: String.raw`özet\p{L}*|ozet\p{L}*`,
  ar: String.raw`\p{L}*(?:ملخص|تلخيص|تلخص)\p{L}*`,
  ja: String.raw`要約`,
  ko: String.raw`요약`,
  zh: String.raw`摘要|总结|總結`,
}
