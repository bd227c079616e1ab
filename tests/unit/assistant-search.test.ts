/** The embedded assistant answers from the site's own content (DECISIONS.md, "The backend that SPEC.md does not show"). */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  answerQuestion,
  composeReply,
  createSearcher,
  escapeMarkdown,
  fold,
  stem,
  terms,
  isAssistantIndex,
  type AssistantIndex,
} from '../../core/assistant/search.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, sentences } from '../../site/lib/assistant-index.ts';

const options = { productName: 'Dentivo', assistantName: 'DENTY', supportResponse: '24 h' };

describe('Analyse du texte', () => {
  it('replie la casse, les accents et les apostrophes typographiques', () => {
    expect(fold('Qu’est-ce QUE la Traçabilité ?')).toBe("qu'est-ce que la tracabilite ?");
  });

  it('ramène pluriels et dérivés à une même racine', () => {
    expect(stem('fonctionnalites')).toBe(stem('fonctionnalite'));
    expect(stem('relances')).toBe(stem('relance'));
    expect(stem('medicaux')).toBe(stem('medical'));
  });

  it('ignore les mots vides et les mots de la demande', () => {
    expect(terms('Explorer les fonctionnalités actuelles')).toEqual([stem('fonctionnalites')]);
    expect(terms("Qu'est-ce que c'est ?")).toEqual([]);
  });

  it('découpe la prose en phrases et recolle les espaces laissés par les liens', () => {
    expect(sentences("Le suivi à J+1 compte. Puis l' agenda , à 48 h. Dr. Martin ?")).toEqual([
      'Le suivi à J+1 compte.',
      "Puis l'agenda, à 48 h.",
      'Dr. Martin ?',
    ]);
  });

  it('échappe la syntaxe Markdown des faits cités', () => {
    expect(escapeMarkdown('**gras** [lien](javascript:x) <b>')).toBe(
      '\\*\\*gras\\*\\* \\[lien\\](javascript:x) \\<b\\>',
    );
  });
});

describe('Classement et réponse sur un petit index', () => {
  const index: AssistantIndex = {
    version: 1,
    docs: [
      {
        id: 'faq:prix',
        kind: 'faq',
        source: 'FAQ',
        title: 'Combien coûte Dentivo ?',
        url: '/faq',
        lines: [{ text: 'Une offre unique, le Pack Essentiel, avec 30 jours d’essai gratuit.' }],
      },
      {
        id: 'page:agenda',
        kind: 'page',
        source: 'Agenda',
        title: 'Un agenda partagé',
        url: '/agenda#fonctions',
        lines: [
          { text: 'Rappels automatiques 48 h avant chaque rendez-vous.' },
          { text: 'Moins de rendez-vous manqués.' },
          { text: 'Les créneaux libérés sont reproposés.' },
        ],
      },
      {
        id: 'page:contact',
        kind: 'page',
        source: 'Contact',
        title: 'Parlons de votre cabinet',
        url: '/contact',
        lines: [{ text: 'Une personne de l’équipe vous répond sous 24 h.' }],
      },
    ],
  };
  const searcher = createSearcher(index);

  it('reconnaît un index valide et refuse le reste', () => {
    expect(isAssistantIndex(index)).toBe(true);
    expect(isAssistantIndex({ version: 2, docs: [] })).toBe(false);
    expect(isAssistantIndex(null)).toBe(false);
  });

  it('classe d’abord la question de FAQ posée presque mot pour mot', () => {
    expect(searcher.search('Combien coûte Dentivo ?')[0]!.doc.id).toBe('faq:prix');
    expect(searcher.search('Quel est le prix ?')[0]!.doc.id).toBe('faq:prix');
  });

  it('cite les faits pertinents en Markdown et lie la page utilisée', () => {
    const answer = answerQuestion(searcher, 'Les rappels de l’agenda sont-ils automatiques ?', options);
    expect(answer.matched).toBe(true);
    expect(answer.markdown).toContain('Rappels automatiques 48 h avant chaque rendez-vous.');
    expect(answer.markdown).toContain('[Agenda](/agenda#fonctions)');
    expect(answer.sources[0]).toEqual({ title: 'Agenda', url: '/agenda#fonctions' });
  });

  it('répond poliment et renvoie vers /contact quand rien ne correspond', () => {
    const answer = answerQuestion(searcher, 'Recette de la tarte aux pommes', options);
    expect(answer.matched).toBe(false);
    expect(answer.markdown).toContain('[Contact](/contact)');
    expect(answer.markdown).toContain('sous 24 h');
  });

  it('accueille un bonjour, accuse réception des fichiers et de la note vocale, en typographie française', () => {
    expect(composeReply(searcher, { text: 'Bonjour !' }, options).markdown).toBe(
      'Bonjour\u202F! Je suis DENTY, l’assistant de Dentivo. Posez-moi une question sur nos modules, l’essai gratuit, la sécurité des données ou l’organisation du cabinet.',
    );
    const withFile = composeReply(searcher, { files: [{ filename: 'radio_panoramique.pdf' }] }, options);
    expect(withFile.markdown).toContain('votre fichier «\u202Fradio\\_panoramique.pdf\u202F»');
    const voice = composeReply(searcher, { voice: { duration: 4 } }, options);
    expect(voice.markdown).toContain('J’ai bien reçu votre message vocal.');
  });
});

describe('Les quatre options rapides, sur le vrai contenu du site', () => {
  const content = loadContent(join(import.meta.dirname, '..', '..'), {});
  const index = buildAssistantIndex({
    pages: content.pages,
    posts: content.posts,
    faq: content.shared.faq,
    glossary: content.shared.glossary,
  });
  const searcher = createSearcher(index);
  const ask = (question: string) => composeReply(searcher, { text: question }, options);

  it('construit un document par question de FAQ, section de page et section d’article, sans le bloc prix masqué', () => {
    expect(index.docs.filter((doc) => doc.kind === 'faq')).toHaveLength(content.shared.faq.length);
    expect(index.docs.some((doc) => doc.url.startsWith('/fonctionnalites'))).toBe(true);
    expect(index.docs.some((doc) => doc.url.startsWith('/blog/suivi-post-operatoire#'))).toBe(true);
    expect(JSON.stringify(index)).not.toContain('149');
  });

  it('« Qu’est-ce que Dentivo ? » cite la FAQ qui présente Dentivo', () => {
    const answer = ask('Qu’est-ce que Dentivo ?');
    expect(answer.markdown).toContain('Dentivo est une suite de gestion en ligne pensée pour les cabinets dentaires');
    expect(answer.sources[0]!.url).toBe('/faq');
  });

  it('« À qui s’adresse la plateforme ? » cite les métiers du cabinet', () => {
    const answer = ask('À qui s’adresse la plateforme ?');
    expect(answer.markdown).toMatch(/chirurgiens-dentistes, assistantes et assistants dentaires, secrétaires/);
  });

  it('« Explorer les fonctionnalités actuelles » liste les modules avec leurs pages', () => {
    const answer = ask('Explorer les fonctionnalités actuelles');
    expect(answer.sources[0]!.url).toBe('/fonctionnalites#modules');
    for (const link of ['[Agenda patients](/agenda)', '[Devis](/devis)', '[Traçabilité implantaire](/tracabilite)'])
      expect(answer.markdown).toContain(link);
  });

  it('« Comment Dentivo peut m’aider ? » cite les raisons de choisir Dentivo', () => {
    const answer = ask('Comment Dentivo peut m’aider ?');
    expect(answer.sources[0]!.url).toBe('/#pourquoi-dentivo');
    expect(answer.markdown).toContain('Toute la gestion du cabinet au même endroit');
  });

  it('répond aux questions courantes et se tait sur le reste', () => {
    expect(ask('Où sont hébergées les données ?').markdown).toContain('hébergées en France');
    expect(ask('Comment annuler mon abonnement ?').markdown).toContain('sans engagement');
    expect(ask('Combien de temps faut-il conserver la traçabilité des implants ?').markdown).toContain(
      'au moins 10 ans',
    );
    expect(ask('Quel temps fait-il à Paris ?').matched).toBe(false);
    expect(ask('Comment faire une pizza ?').matched).toBe(false);
  });
});
