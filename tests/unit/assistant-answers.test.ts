/**
 * DENTY answers for real (docs/decisions/0034-assistant-retrieval.md): the site's own words, the source
 * page first, at most two « À lire aussi », « bientôt » for what is coming, a refusal for medical
 * questions, the honest "not found" with /contact, and a short memory of the conversation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf, sentences } from '../../site/lib/assistant-index.ts';
import { createKnowledge, KnowledgeError, type Knowledge } from '../../backend/assistant/knowledge.ts';
import { answerMessage, type ConversationTurn } from '../../backend/assistant/answer.ts';
import { ConversationMemory } from '../../backend/assistant/conversations.ts';
import { correctWord, editDistance, expandShorthand, fold, words } from '../../core/assistant/text.ts';
import {
  asksForAdvice,
  asksYesOrNo,
  classifyMessage,
  intentLists,
  looksLikeFollowUp,
  socialTalk,
  withoutGreeting,
  type MessageIntent,
} from '../../core/assistant/intents.ts';
import { understand } from '../../core/assistant/understanding.ts';
import { decide, type PreparedDoc, type Ranked } from '../../core/assistant/ranking.ts';
import { escapeMarkdown } from '../../core/assistant/replies.ts';
import { unknownVocabularyTargets } from '../../core/assistant/vocabulary.ts';
import { ASK_PREFIX } from '../../core/assistant/chat-text.ts';
import { limitWords, OPENING_MAX_WORDS } from '../../core/assistant/opening.ts';
import { wordCount } from '../../core/assistant/text.ts';
import { quickOptions } from '../../core/assistant/quick-options.ts';
import { CALIBRATION } from '../../core/assistant/calibration.ts';
import type { Calibration } from '../../core/assistant/verdict.ts';
import { siteReplyOptions } from '../../scripts/assistant-eval/evaluate.ts';

const root = join(import.meta.dirname, '..', '..');
const content = loadContent(root, {});
const index = buildAssistantIndex(indexSourceOf(content));
const options = siteReplyOptions();
/**
 * The ranking and the opening are tested with a verdict that always answers: what DENTY would say if it
 * said anything. Whether it says it is the verdict's (describe « Ce dont DENTY est sûr »).
 */
const ALWAYS: Calibration = { ...CALIBRATION, answerAt: 0, unsureAt: 0 };
let knowledge: Knowledge;
beforeAll(async () => {
  knowledge = await createKnowledge(index);
});

const links = (markdown: string) => [...markdown.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
const opening = (markdown: string) => markdown.split('\n\n')[0]!;
const ask = (text: string, previous?: ConversationTurn) =>
  answerMessage(knowledge, { text }, options, previous, 'none', ALWAYS);
/** As a visitor gets it: with the calibrated verdict. */
const askForReal = (text: string, previous?: ConversationTurn) => answerMessage(knowledge, { text }, options, previous);
const read = (text: string) =>
  understand(text, {
    lexicon: knowledge.lexicon,
    analyze: knowledge.analyze,
    vocabulary: knowledge.vocabulary,
    idf: knowledge.idf,
  });

describe('Lire la question', () => {
  it('lit les abréviations des messageries comme les mots qu’elles remplacent', () => {
    expect(['c', 'koi', 'le', 'tarif', 'pr', 'jpeu', 'infos'].map(expandShorthand).join(' ')).toBe(
      'c est quoi le tarif pour je peux informations',
    );
    expect(expandShorthand('devis')).toBe('devis');
  });

  it('des remerciements ou un au revoir sans question ferment la conversation, sans chercher de page', () => {
    for (const text of [
      'Merci beaucoup pour toutes ces réponses, bonne fin de journée',
      'top, c’est exactement ce qu’il me fallait, merci !',
      'Bon, je file, j’ai un patient qui arrive. Bonne journée !',
    ])
      expect(socialTalk(text, intentLists(content.vocabulary)), text).toMatch(/thanks|farewell/);
    expect(socialTalk('Merci, et le prix ?', intentLists(content.vocabulary))).toBeUndefined();
  });

  it('reconnaît une demande de conseil, sauf quand elle porte sur le logiciel', () => {
    expect(asksForAdvice('Un patient annule la veille : comment on évite de garder le fauteuil vide ?')).toBe(true);
    expect(asksForAdvice('Vous recommandez de nommer une responsable de la stérilisation ?')).toBe(true);
    expect(asksForAdvice('À votre avis, combien de créneaux d’urgence garder ?')).toBe(true);
    expect(asksForAdvice('Vous conseillez de commencer par quoi pour lancer DENTY ?')).toBe(false);
    expect(asksForAdvice('Est-ce que votre agenda envoie des rappels ?')).toBe(false);
  });

  it('replie casse, accents, ligatures et apostrophes typographiques', () => {
    expect(fold('Qu’est-ce QUE la Traçabilité du cœur ?')).toBe("qu'est-ce que la tracabilite du coeur ?");
    expect(words('Rendez-vous à J+3, l’agenda')).toEqual(['rendez', 'vous', 'a', 'j+3', 'l', 'agenda']);
  });

  it('corrige une faute de frappe vers un mot du site, pas un mot voisin qui dit autre chose', () => {
    const lexicon = new Map([
      ['rappels', 3],
      ['devis', 5],
      ['tarif', 2],
      ['coute', 1],
    ]);
    expect(correctWord('rapels', lexicon)).toBe('rappels');
    expect(correctWord('devsi', lexicon)).toBe('devis');
    expect(correctWord('tarfi', lexicon)).toBe('tarif');
    // "p" and "t" are far apart on the keyboard: "coupe" is another word, not a typo.
    expect(correctWord('coupe', lexicon)).toBe('coupe');
    expect(editDistance('coupe', 'coute', 1)).toBe(2);
    expect(correctWord('mac', lexicon)).toBe('mac');
    // A letter typed before the word ("l’essai" without its apostrophe) is one typo.
    expect(editDistance('lessai', 'essai', 1)).toBe(1);
    expect(correctWord('lessai', new Map([['essai', 4]]))).toBe('essai');
    // A function word (counted 0) is known, never a correction: "payant" does not become "ayant".
    expect(correctWord('payant', new Map([['ayant', 0]]))).toBe('payant');
    expect(knowledge.lexicon.get('ayant')).toBe(0);
  });

  it('distingue une question fermée (oui ou non) d’une question ouverte ou d’un mot seul', () => {
    for (const closed of [
      'Dentivo est-il conforme au RGPD ?',
      'est-ce que ça marche sur Mac',
      'on peut arrêter quand on veut ?',
    ])
      expect(asksYesOrNo(closed), closed).toBe(true);
    for (const open of [
      'Comment annuler mon abonnement ?',
      'quel est le prix ?',
      'où sont les données ?',
      'résiliation',
    ])
      expect(asksYesOrNo(open), open).toBe(false);
  });

  it('lit un nombre comme « plusieurs », et pèse un sujet à la rareté de ses mots', () => {
    expect(read('nous avons 3 cabinets').topics[0]?.topic.name).toBe('Plusieurs cabinets');
    // « équipe » is on every page, « combien de personnes » is not: the users' subject leads.
    const people = read('combien de personnes de l’équipe peuvent avoir un compte ?').topics;
    expect(people[0]?.topic.name).toBe('Utilisateurs et droits');
    expect(read('Dentivo fonctionne sur Mac ?').yesNo).toBe(true);
  });

  it('reconnaît salutations, remerciements, questions médicales et suites de conversation', () => {
    const lists = intentLists(content.vocabulary);
    const intents: [string, MessageIntent][] = [
      ['Bonjour !', 'greeting'],
      ['salut denty', 'greeting'],
      ['Merci beaucoup', 'thanks'],
      ['Bonjour, quel est le prix ?', 'question'],
      // Greetings, small talk, thanks and farewells in any order, the assistant's name among them.
      ['Bonsoir DENTY, comment allez-vous ?', 'greeting'],
      ['slt', 'greeting'],
      ['super, merci bien', 'thanks'],
      ['Merci pour votre aide, au revoir !', 'farewell'],
      ['Bonjour, DENTY garde-t-il mes messages ?', 'question'],
      // Joining words between them say nothing, and nothing alone.
      ['Ok parfait, bonne journée et au revoir', 'farewell'],
      ['bon ben merci alors', 'thanks'],
      ['ok', 'question'],
      ['Bonjour, et le prix ?', 'question'],
      ['Bonsoir, il y a quelqu’un ?', 'greeting'],
    ];
    for (const [message, intent] of intents) expect(classifyMessage(message, lists, 'DENTY'), message).toBe(intent);
    expect(withoutGreeting('Bonjour, quel est le prix ?', lists)).toBe('quel est le prix ?');
    expect(withoutGreeting('Bonjour, et le prix ?', lists)).toBe('et le prix ?');
    expect(withoutGreeting('Bonsoir DENTY, ça va ? Je cherche vos tarifs', lists, 'DENTY')).toBe(
      'Je cherche vos tarifs',
    );
    expect(withoutGreeting('Bonjour DENTY, quel est le prix ?', lists, 'DENTY')).toBe('quel est le prix ?');
    // A name after the greeting may be what the question is about.
    expect(withoutGreeting('Bonjour, DENTY répond-il la nuit ?', lists, 'DENTY')).toBe('DENTY répond-il la nuit ?');
    expect(withoutGreeting('DENTY répond-il la nuit ?', lists, 'DENTY')).toBe('DENTY répond-il la nuit ?');
    for (const medical of [
      'Quelle dose d’ibuprofène après une extraction ?',
      'J’ai mal à une dent, que faire ?',
      'Ma gencive saigne, c’est grave ?',
    ])
      expect(classifyMessage(medical, lists, 'DENTY'), medical).toBe('medical');
    for (const product of [
      'Faut-il une ordonnance sécurisée pour le tramadol ?',
      'DENTY donne-t-il des conseils médicaux ?',
      'Je veux relancer les devis non signés',
    ])
      expect(classifyMessage(product, lists, 'DENTY'), product).toBe('question');
    expect(looksLikeFollowUp('et pour l’orthodontie ?', lists)).toBe(true);
    expect(looksLikeFollowUp('combien de temps faut-il garder tout ça ?', lists)).toBe(true);
    expect(looksLikeFollowUp('Comment devenir testeur ?', lists)).toBe(false);
    // Someone who introduces themself, alone or after a greeting, is greeted; a request is a question.
    expect(classifyMessage('Bonjour, je suis assistante dentaire', lists, 'DENTY')).toBe('greeting');
    expect(classifyMessage('je suis secrétaire', lists, 'DENTY')).toBe('greeting');
    expect(classifyMessage('Bonjour, je suis dentiste, combien coûte Dentivo ?', lists, 'DENTY')).toBe('question');
    // A patient's condition with a procedure is clinical; the condition alone can be about the product.
    for (const medical of [
      'mon patient sous anticoagulants peut-il avoir une extraction ?',
      'dent cassée en mangeant, que faire ?',
      'combien de jours de bain de bouche après un détartrage ?',
    ])
      expect(classifyMessage(medical, lists, 'DENTY'), medical).toBe('medical');
    expect(classifyMessage('Le questionnaire signale-t-il les patients sous anticoagulants ?', lists, 'DENTY')).toBe(
      'question',
    );
  });
});

describe('L’index de l’assistant', () => {
  it('a un document par question de FAQ, section de page et section d’article, sans le bloc prix masqué', () => {
    expect(index.docs.filter((doc) => doc.kind === 'faq')).toHaveLength(content.shared.faq.length);
    expect(index.docs.some((doc) => doc.url.startsWith('/fonctionnalites#modules'))).toBe(true);
    expect(index.docs.some((doc) => doc.url.startsWith('/blog/suivi-post-operatoire#'))).toBe(true);
    expect(JSON.stringify(index)).not.toContain('149');
    expect(index.vocabulary.topics.length).toBeGreaterThan(10);
  });

  it('lie une réponse de FAQ à la page qui la développe, et marque ce qui arrive bientôt', () => {
    expect(index.docs.find((doc) => doc.id === 'faq:q-prix')!.url).toBe('/tarifs');
    expect(index.docs.find((doc) => doc.id === 'faq:q-hebergement')!.url).toBe('/faq');
    expect(
      index.docs.filter((doc) => doc.url.startsWith('/stock-materiel-dentaire')).every((doc) => doc.comingSoon),
    ).toBe(true);
    const booking = index.docs
      .find((doc) => doc.url === '/agenda#fonctions-avancees')!
      .lines.find((line) => line.title?.includes('plateforme de prise de rendez-vous'));
    expect(booking?.comingSoon).toBe(true);
  });

  it('découpe la prose en phrases et recolle les espaces laissés par les liens', () => {
    expect(sentences("Le suivi à J+1 compte. Puis l' agenda , à 48 h. Dr. Martin ?")).toEqual([
      'Le suivi à J+1 compte.',
      "Puis l'agenda, à 48 h.",
      'Dr. Martin ?',
    ]);
  });

  it('refuse un index d’une autre version, avec un message qui dit quoi faire', async () => {
    await expect(createKnowledge({ version: 1, docs: [] })).rejects.toThrow(KnowledgeError);
    await expect(createKnowledge({ version: 1, docs: [] })).rejects.toThrow(/npm run build/);
  });
});

describe('Une réponse, pas des extraits', () => {
  it('ouvre sur les mots du site (60 mots au plus), puis la source, puis au plus deux « À lire aussi »', () => {
    const answer = ask('Comment fonctionnent les rappels de rendez-vous de l’agenda ?');
    expect(answer.outcome).toBe('answer');
    const [first, source, ...rest] = answer.markdown.split('\n\n');
    expect(first).toMatch(/48\u00A0h/);
    expect(links(first!)).toEqual([]);
    expect(wordCount(first!)).toBeLessThanOrEqual(OPENING_MAX_WORDS);
    expect(source).toMatch(/^En savoir plus\u00A0: \[Agenda\]\(\/agenda(#[a-z-]+)?\)$/);
    if (rest.length) expect(rest[0]).toMatch(/^À lire aussi\u00A0:\n(- \[[^\]]+\]\(\/[^)]*\)\n?){1,2}$/);
    expect(answer.markdown).not.toContain('Voici ce que j’ai trouvé');
  });

  it('les quatre options rapides reçoivent chacune leur réponse', () => {
    const [dentivo, audience, features, help] = quickOptions('Dentivo').map((question) => ask(question));
    expect(opening(dentivo!.markdown)).toContain(
      'Dentivo est une suite de gestion en ligne pensée pour les cabinets dentaires',
    );
    expect(dentivo!.links[0]!.url).toBe('/faq');
    expect(opening(audience!.markdown)).toMatch(
      /chirurgiens-dentistes, assistantes et assistants dentaires, secrétaires/,
    );
    expect(features!.links[0]!.url).toBe('/fonctionnalites#modules');
    expect(opening(features!.markdown)).toContain('Agenda patients');
    expect(help!.links[0]!.url).toBe('/#pourquoi-dentivo');
  });

  it('garde le « Oui. » ou le « Non. » d’une FAQ seulement si le visiteur pose la même question', () => {
    // « Non. » answers « Faut-il installer un logiciel ? », not « Dentivo fonctionne sur Mac ? ».
    const mac = ask('Dentivo fonctionne sur Mac ?');
    expect(mac.links[0]!.url).toBe('/faq');
    expect(opening(mac.markdown)).toMatch(/^Dentivo fonctionne dans votre navigateur/);
    expect(opening(ask('Comment annuler mon abonnement ?').markdown)).toMatch(/^Dentivo est sans engagement/);
    expect(opening(ask('je dois m’engager sur 12 mois ?').markdown)).not.toMatch(/^Oui/);
    expect(opening(ask('installation').markdown)).not.toMatch(/^Non/);
    expect(opening(ask('Dentivo est-il conforme au RGPD ?').markdown)).toMatch(/^Oui\. Dentivo est conçu/);
    expect(opening(ask('Puis-je résilier à tout moment ?').markdown)).toMatch(/^Oui\./);
  });

  it('d’une FAQ trop longue, garde la phrase qui répond', () => {
    const answer = ask('est-ce que je peux récupérer toutes mes données si je pars ?');
    expect(answer.links[0]!.url).toBe('/tarifs');
    expect(opening(answer.markdown)).toContain('le RGPD vous garantit d’en obtenir une copie');
  });

  it('une question qui demande un chiffre trouve la phrase qui en donne un', () => {
    expect(opening(ask('lessai gratuit dure combien de temps').markdown)).toMatch(/30\sjours/);
  });

  it('« à quelles dates » demande un moment ; un verbe au futur (« il faudra ») ne compte pas comme un sujet', () => {
    expect(opening(ask('Pour les impayés, vos relances partent à quelles dates ?').markdown)).toMatch(/J\+3.*J\+7/);
    const training = ask(
      'Mes assistantes ne sont pas à l’aise avec l’informatique, il faudra leur payer une formation ?',
    );
    expect(training.links[0]!.url).toBe('/faq');
    expect(opening(training.markdown)).toContain('sans formation lourde');
  });

  it('un chiffre ou un délai demandé : la section de la page qui le donne, quand elle est presque aussi bien classée', () => {
    expect(
      opening(ask('Votre assistant IA, il enlève quelle part des tâches répétitives du secrétariat ?').markdown),
    ).toMatch(/40\s%/);
    expect(
      opening(
        ask(
          'Un patient ne règle pas son reste à charge : au bout de combien de jours la mise en demeure est préparée ?',
        ).markdown,
      ),
    ).toMatch(/J\+30/);
  });

  it('« on risque quoi », « selon vous » demandent un conseil : l’article qui le donne', () => {
    const risk = ask('Si la traçabilité des implants n’est pas tenue correctement, on risque quoi comme sanction ?');
    expect(risk.links[0]!.url).toMatch(/^\/blog\/tracabilite-implants-dentaire/);
    const start = ask('Tout est à revoir : agenda, devis, impayés. On commence par quoi selon vous ?');
    expect(start.links[0]!.url).toMatch(/^\/blog\//);
  });

  it('demandé par sa forme, une adresse e-mail ou un numéro : la phrase qui le montre ; « émail » reste un soin', () => {
    for (const question of ['email contact ?', 'c’est quoi votre adresse mail ?'])
      expect(opening(ask(question).markdown), question).toContain('contact@dentivo.example');
    const phone = ask('Vous avez un numéro de téléphone fixe pour vous appeler directement ?');
    expect(opening(phone.markdown)).toMatch(/\+33\s4/);
    expect(askForReal('le blanchiment abîme l’émail ?').outcome).toBe('medical');
  });

  it('« parler à quelqu’un », « rappelez-moi », « une démo » : la transmission à l’équipe, sans chercher ; le tiers payant à « je n’ai pas trouvé »', () => {
    for (const request of [
      'je veux parler à quelqu’un',
      'Pouvez-vous me rappeler demain matin ?',
      'Je voudrais une démo pour mon cabinet',
    ]) {
      const human = askForReal(request);
      expect(human.kind, request).toBe('handoff');
      expect(human.handoff).toBe(true);
      expect(opening(human.markdown)).toMatch(/l’équipe, qui revient vers vous sous 24\u00A0h/);
      expect(links(human.markdown)).toEqual([]);
    }
    // A question about the team's ways is no request for a person.
    expect(askForReal('mes coordonnées pour être recontacté, vous les gardez combien de temps ?').kind).not.toBe(
      'handoff',
    );
    const thirdParty = askForReal('est-ce que ça marche avec le tiers payant ?');
    expect(thirdParty.outcome).toBe('unanswered');
    expect(thirdParty.handoff).toBe(true);
  });

  it('jamais sans issue : pas sûr, il le dit, offre des sujets qui répondent chacun, et l’équipe', () => {
    const unsure = askForReal('Dentivo fonctionne sur Mac ?');
    expect(unsure.kind).toBe('unsure');
    expect(unsure.handoff).toBe(true);
    expect(opening(unsure.markdown)).toBe('Je ne suis pas sûr d’avoir compris. Vous cherchez peut-être\u00A0:');
    expect(unsure.markdown).toMatch(/je transmets votre question à l’équipe, qui vous répond sous 24\u00A0h\.$/);
    const offered = links(unsure.markdown).filter((link) => link.startsWith(ASK_PREFIX));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(3);
    for (const link of offered) {
      const pressed = askForReal(decodeURIComponent(link.slice(ASK_PREFIX.length)));
      expect(pressed.kind, link).toBe('answer');
    }
    // A question that shares only a word with the site gets the honest « pas trouvé », nothing to choose.
    expect(askForReal('Donne-moi une recette de gâteau au chocolat').kind).toBe('not-found');
  });

  it('pèse la phrase qui demande plus que le contexte raconté autour', () => {
    const question =
      'On a déjà été coincés 3 ans avec un contrat chez notre ancien éditeur, une galère. Combien de temps dure votre essai gratuit ?';
    const reading = read(question);
    const contract = knowledge.analyze('contrat')[0]!;
    const trial = knowledge.analyze('essai')[0]!;
    expect(reading.weight(trial)).toBe(1);
    expect(reading.weight(contract)).toBeLessThan(1);
    const answer = ask(question);
    expect(answer.outcome).toBe('answer');
    expect(opening(answer.markdown)).toMatch(/30\sjours/);
  });

  it('refuse un diagnostic ou un choix entre deux traitements, même posé par un dentiste', () => {
    for (const question of [
      'Pour un coiffage pulpaire, vous me conseillez plutôt le MTA ou la Biodentine ?',
      'vous poseriez quel diagnostic sur une 46 douloureuse au froid ?',
      'Mon dentiste me propose soit un implant soit un bridge, lequel est le mieux ?',
      // Blind set 11 found these three answered or « pas trouvé »: a choice said as « je fais X ou je… »,
      // an orthodontic appliance, an anaesthetic for a pregnant patient.
      'Pulpite irréversible sur la 36, je fais une pulpotomie ou je pars direct sur un traitement canalaire ?',
      'Pour mon fils de 12 ans, vous conseillez plutôt des bagues classiques ou des gouttières transparentes ?',
      'Patiente enceinte de 5 mois, je peux utiliser de l’articaïne adrénalinée pour un soin ?',
    ])
      expect(ask(question).outcome, question).toBe('medical');
    // A product question that names a choice stays a product question.
    expect(ask('Vous conseillez de commencer par l’agenda ou par les devis ?').outcome).not.toBe('medical');
    expect(ask('On pose les rendez-vous de contrôle ou on laisse le patient rappeler ?').outcome).not.toBe('medical');
  });

  it('un cas de patient demandé au produit est une question sur le produit ; demandé pour soi, un refus', () => {
    const product = ask(
      'Un patient écrit à DENTY qu’il a mal et que ça gonfle depuis son extraction : que fait l’assistant ?',
    );
    expect(product.outcome).toBe('answer');
    expect(opening(product.markdown)).toMatch(/alerte l’équipe/);
    for (const question of [
      'J’ai mal depuis mon extraction, DENTY tu me conseilles quoi ?',
      'Un patient a mal après une extraction, je lui donne quoi ?',
      'Mon patient saigne après l’extraction, le logiciel dit quoi faire ?',
    ])
      expect(ask(question).outcome, question).toBe('medical');
  });

  it('une liste de problèmes mène à la page mais n’ouvre jamais une réponse', () => {
    const hero = index.docs.find((doc) => doc.id === 'page:/endodontie-comptes-rendus:0')!;
    expect(hero.context).toContain('Dix minutes par compte rendu');
    expect(index.docs.flatMap((doc) => doc.lines).some((line) => line.title === 'Dix minutes par compte rendu')).toBe(
      false,
    );
    const answer = ask('Avec vos modèles, un compte rendu d’endodontie me prend combien de temps ?');
    expect(answer.links[0]!.url).toMatch(/^\/endodontie-comptes-rendus/);
    expect(opening(answer.markdown)).toMatch(/3\sminutes/);
    expect(opening(answer.markdown)).not.toMatch(/Dix minutes/);
  });

  it('la page produit passe avant l’article de blog qui répond aussi', () => {
    const answer = ask('Comment organiser le suivi des patients après une chirurgie ?');
    expect(answer.links[0]!.url).not.toMatch(/^\/blog\//);
    expect(opening(answer.markdown)).toContain('J+1');
  });

  it('dit « bientôt » pour une fonctionnalité à venir', () => {
    for (const question of [
      'Gérez-vous le stock du cabinet ?',
      'Êtes-vous connectés à Doctolib ?',
      'Avez-vous des tableaux de bord financiers ?',
    ])
      expect(opening(ask(question).markdown), question).toMatch(/bientôt/i);
    // Said once, even when the card's own description says it too.
    expect(opening(ask('importer mes rendez-vous depuis doctolib').markdown)).not.toMatch(
      /bientôt disponible\.? bientôt disponible/i,
    );
  });

  it('répond à une salutation par une salutation et les quatre options rapides', () => {
    const answer = ask('Bonjour');
    expect(answer.outcome).toBe('greeting');
    expect(answer.markdown).toMatch(/^Bonjour\u202F! Je suis DENTY/);
    for (const option of quickOptions('Dentivo')) expect(answer.markdown).toContain(`- ${option}`);
    // A « bonsoir » is answered in kind, whatever surrounds it.
    expect(ask('Bonsoir, il y a quelqu’un ?').markdown).toMatch(/^Bonsoir\u202F! Je suis DENTY/);
    expect(ask('bsr DENTY').markdown).toMatch(/^Bonsoir\u202F! Je suis DENTY/);
    expect(ask('Salut !').markdown).toMatch(/^Bonjour\u202F! Je suis DENTY/);
  });

  it('prend un compliment pour un remerciement', () => {
    for (const text of ['Merci beaucoup, vous m’avez bien aidée !', 'top, merci pour tout, c’est super clair'])
      expect(ask(text).outcome, text).toBe('thanks');
  });

  it('refuse poliment une question médicale et oriente vers un praticien, sans aucun contenu', () => {
    const answer = ask('Quel antibiotique prescrire avant la pose d’un implant ?');
    expect(answer.outcome).toBe('medical');
    expect(answer.markdown).toContain('chirurgien-dentiste');
    expect(links(answer.markdown)).toEqual([]);
    expect(answer.turn).toBeUndefined();
  });

  it('une question sur les dents ou les soins que le site ne traite pas reçoit le refus médical', () => {
    const crown = askForReal('Une couronne provisoire peut-elle rester six mois en bouche ?');
    expect(crown.outcome).toBe('medical');
    expect(links(crown.markdown)).toEqual([]);
    // Without a question it asks nothing of a practitioner: the honest « pas trouvé ».
    expect(askForReal('écris une chanson sur les gencives').outcome).toBe('unanswered');
    // Money and paperwork about a crown are no health question.
    expect(askForReal('Une couronne en zircone est-elle mieux remboursée par la mutuelle ?').outcome).not.toBe(
      'medical',
    );
    // A product question about teeth that the site answers keeps its answer.
    const chart = ask("Dans le compte rendu d'endodontie, on choisit la dent sur un schéma ?");
    expect(chart.outcome).toBe('answer');
    expect(chart.links[0]!.url).toBe('/endodontie-comptes-rendus');
  });

  it('les textes légaux ne répondent que si le vocabulaire y renvoie', () => {
    // The privacy policy gives the CNIL's address in Paris: it says nothing of the weather.
    expect(askForReal('quel temps fait-il à Paris ?').outcome).toBe('unanswered');
    expect(ask('qui édite le logiciel ?').links[0]!.url).toBe('/mentions-legales#1-editeur-du-site');
    expect(ask('politique de confidentialité').links[0]!.url).toMatch(/^\/confidentialite/);
  });

  it('un document loin derrière le mieux classé, qui lui ne répond pas, ne répond pas à sa place', () => {
    const doc = (url: string): PreparedDoc => ({
      doc: { id: url, kind: 'page', source: url, about: '', title: url, url, lines: [] },
      position: 0,
      terms: new Set(),
      titleTerms: new Set(),
      lineTerms: [],
    });
    const understanding = read('tiers payant');
    const item = (url: string, score: number, coverage: number): Ranked => ({
      doc: doc(url),
      score,
      coverage,
      covers: new Set(),
      topical: false,
      searched: 0,
    });
    expect(decide([item('/a', 2, 0.3), item('/b', 1, 0.9)], understanding).kind).toBe('unanswered');
    const close = decide([item('/a', 2, 0.3), item('/b', 1.5, 0.9)], understanding);
    expect(close.kind === 'answer' && close.lead.doc.doc.url).toBe('/b');
  });

  it('hors sujet : « je n’ai pas trouvé », la transmission à l’équipe, la page Contact, et la question gardée', () => {
    for (const question of [
      'Donne-moi une recette de gâteau au chocolat',
      'Vous pensez que la bourse va remonter cette semaine ?',
      'blablabla',
    ]) {
      const answer = askForReal(question);
      expect(answer.kind, question).toBe('not-found');
      expect(answer.outcome).toBe('unanswered');
      expect(answer.handoff).toBe(true);
      expect(answer.sources).toEqual([]);
      expect(answer.markdown).toContain('Je n’ai pas trouvé de réponse');
      expect(answer.markdown).toContain('Je peux la transmettre à l’équipe');
      expect(links(answer.markdown)).toEqual(['/contact']);
    }
  });

  it('suit la conversation : « et pour l’orthodontie ? » après une question de planning', () => {
    const first = ask('Comment organiser le planning des rendez-vous ?');
    expect(first.turn).toBeDefined();
    const followUp = ask('et pour l’orthodontie ?', first.turn);
    expect(followUp.links[0]!.url).toMatch(/^\/orthodontie-planning/);
    const stock = ask('Gérez-vous le stock du matériel ?');
    expect(ask('c’est pour quand ?', stock.turn).links[0]!.url).toMatch(/^\/stock-materiel-dentaire/);
    // Without the conversation, the same words answer nothing.
    expect(askForReal('c’est pour quand ?').outcome).toBe('unanswered');
  });

  it('relit une relance qui nomme un sujet avec la question d’avant', () => {
    const agenda = ask('Parlez-moi de l’agenda');
    expect(agenda.links[0]!.url).toMatch(/^\/agenda/);
    expect(ask('et niveau sécurité, ça donne quoi ?', agenda.turn).outcome).toBe('answer');
  });

  it('salue, remercie et dit au revoir sans lien', () => {
    const bye = ask('merci, bonne soirée !');
    expect(bye.outcome).toBe('farewell');
    expect(bye.links).toEqual([]);
    expect(bye.markdown).toContain('à bientôt');
    expect(ask('Bonjour DENTY, vous allez bien ?').outcome).toBe('greeting');
  });

  it('prend pour de la conversation un bonjour ou un merci parmi des mots sur soi, quand le site n’y répond pas', () => {
    expect(askForReal('Bonsoir, je reviens après la réunion d’équipe, j’avais été interrompue').outcome).toBe(
      'greeting',
    );
    expect(askForReal('Merci, je note tout ça pour le docteur').outcome).toBe('thanks');
    // Right after an answer too: it is no follow-up of the previous question (seen in the drawer).
    const price = askForReal('Quel est le prix ?');
    expect(askForReal('Merci, je note tout ça pour le docteur', price.turn).outcome).toBe('thanks');
    // Something wanted, or asked, stays a question: the honest « pas trouvé », kept for the team.
    expect(askForReal('Bonjour, une recette de gâteau au chocolat').outcome).toBe('unanswered');
    expect(askForReal('Bonjour, je voudrais une recette de gâteau au chocolat').outcome).toBe('unanswered');
    expect(askForReal('Merci, je cherche aussi un traiteur pour la fête du cabinet ?').outcome).toBe('unanswered');
  });

  it('accuse réception des fichiers et de la note vocale', () => {
    const withFile = answerMessage(knowledge, { files: [{ filename: 'radio_panoramique.pdf' }] }, options);
    expect(withFile.markdown).toContain('votre fichier «\u202Fradio\\_panoramique\\.pdf\u202F»');
    // Kept for the team only when the handler stored it; otherwise nothing is promised about it.
    const notKept = answerMessage(knowledge, { voice: { duration: 4 } }, options).markdown;
    expect(notKept).toContain('J’ai bien reçu votre message vocal, mais je ne sais pas encore');
    expect(notKept).not.toContain('transmis');
    const kept = answerMessage(knowledge, { voice: { duration: 4 } }, options, undefined, 'kept').markdown;
    expect(kept).toContain('je l’ai transmis à l’équipe, qui l’écoutera');
    expect(kept).toContain('[Contact](/contact)');
  });

  it('écrit en typographie française : espaces insécables, apostrophes typographiques', () => {
    const answer = ask('Où sont stockées les données de mes patients ?');
    expect(answer.markdown).not.toMatch(/ [:?!;]/);
    expect(answer.markdown).not.toContain("'");
  });

  it('échappe la syntaxe Markdown des mots cités et borne une ouverture trop longue', () => {
    expect(escapeMarkdown('**gras** [lien](javascript:x) <b>')).toBe(
      '\\*\\*gras\\*\\* \\[lien\\](javascript:x) \\<b\\>',
    );
    const long = limitWords([Array.from({ length: 80 }, (_, i) => `mot${i}`).join(' ') + '.']);
    expect(wordCount(long)).toBe(OPENING_MAX_WORDS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('La mémoire des conversations', () => {
  it('oublie une conversation après 30 minutes et ne garde que les plus récentes', () => {
    let now = 0;
    const memory = new ConversationMemory(30 * 60_000, 2, () => now);
    memory.set('a', { question: 'planning' });
    now += 29 * 60_000;
    expect(memory.get('a')).toEqual({ question: 'planning' });
    now += 2 * 60_000;
    expect(memory.get('a')).toBeUndefined();
    memory.set('b', { question: 'x' });
    memory.set('c', { question: 'y' });
    memory.set('d', { question: 'z' });
    expect(memory.size).toBe(2);
    expect(memory.get('b')).toBeUndefined();
    expect(memory.get('d')).toEqual({ question: 'z' });
  });
});

describe('L’équipe apprend à DENTY les questions qu’il a manquées', () => {
  const missed = 'Si ça ne colle pas avec notre façon de travailler, on peut partir sans payer de pénalité ?';

  it('rattachée à la réponse de FAQ qui y répond, une question manquée trouve sa réponse à la construction suivante', async () => {
    expect(askForReal(missed).outcome).toBe('unanswered');
    const taught = await createKnowledge({
      ...index,
      vocabulary: { ...index.vocabulary, taught: [{ question: missed, answer: 'q-resiliation' }] },
    });
    const answer = answerMessage(taught, { text: missed }, options);
    expect(answer.outcome).toBe('answer');
    expect(answer.links[0]!.url).toBe(content.shared.faq.find((item) => item.id === 'q-resiliation')!.page ?? '/faq');
    // What it learnt is the question's meaning, not its exact words.
    const reworded = answerMessage(
      taught,
      { text: 'on peut partir sans payer de pénalité ?' },
      options,
      undefined,
      'none',
      ALWAYS,
    );
    expect(reworded.links[0]!.url).toBe(answer.links[0]!.url);
  });

  it('une question apprise qui renvoie à une page ou une question inconnue arrête la construction, en français', () => {
    const problems = unknownVocabularyTargets(
      { ...content.vocabulary, taught: [{ question: missed, answer: '/page-disparue' }] },
      new Set([...content.pages.map((page) => page.path), ...content.posts.map((post) => `/blog/${post.slug}`)]),
      new Set(content.shared.faq.map((item) => item.id)),
    );
    expect(problems).toEqual([`question apprise « ${missed} » : réponse inconnue « /page-disparue »`]);
  });
});
