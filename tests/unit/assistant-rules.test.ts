/** The chat's rules (docs/requirements.md#assistant): text rendering, links, the webhook contract, storage. */
import { describe, expect, it } from 'vitest';
import { plainTextSegments, decideLink } from '../../core/assistant/chat-text.ts';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import {
  isSafeObjectPath,
  isUploadPath,
  mediaType,
  randomPart,
  uploadName,
  uploadType,
  fileProblem,
} from '../../core/assistant/uploads.ts';
import { recordingType } from '../../widgets/assistant/recorder.ts';
import {
  isConversationId,
  newConversationId,
  parseStoredConversation,
  showsQuickOptions,
  storableConversation,
  WELCOME_ID,
  pendingIntent,
  draftProblems,
  type ChatMessage,
} from '../../core/assistant/chat.ts';
import { webhookPayload, webhookReply } from '../../core/assistant/contract.ts';
import { parseInline, parseMarkdown } from '../../core/assistant/markdown.ts';

describe('Texte des messages du visiteur', () => {
  it('transforme les URL en liens, les retours à la ligne en sauts de ligne et **texte** en gras', () => {
    expect(plainTextSegments('Voir https://dentivo.example/agenda.\nMerci **beaucoup**')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', href: 'https://dentivo.example/agenda', text: 'https://dentivo.example/agenda' },
      { kind: 'text', text: '.' },
      { kind: 'break' },
      { kind: 'text', text: 'Merci ' },
      { kind: 'bold', text: 'beaucoup' },
    ]);
  });

  it('laisse tel quel un ** sans fermeture et le HTML tapé', () => {
    expect(plainTextSegments('2 ** 3 <b>x</b>')).toEqual([{ kind: 'text', text: '2 ** 3 <b>x</b>' }]);
  });
});

describe('Liens du chat', () => {
  const own = ['https://dentivo.example'];
  it('garde les liens du site dans la même fenêtre', () => {
    expect(decideLink('/contact', 'https://dentivo.example/', own)).toEqual({ href: '/contact', external: false });
    expect(decideLink('https://dentivo.example/faq', 'https://dentivo.example/', own)).toEqual({
      href: 'https://dentivo.example/faq',
      external: false,
    });
  });
  it('ouvre les autres domaines dans un nouvel onglet', () => {
    expect(decideLink('https://www.cnil.fr/', 'https://dentivo.example/', own)).toEqual({
      href: 'https://www.cnil.fr/',
      external: true,
    });
  });
  it('résout un lien relatif du site de l’assistant quand il est intégré ailleurs', () => {
    expect(decideLink('/contact', 'https://dentivo.example/', ['https://cabinet.example'])).toEqual({
      href: 'https://dentivo.example/contact',
      external: true,
    });
  });
  it('refuse javascript:, data: et les adresses illisibles', () => {
    expect(decideLink('javascript:alert(1)', 'https://dentivo.example/', own)).toBeNull();
    expect(decideLink(' JaVaScRiPt:alert(1)', 'https://dentivo.example/', own)).toBeNull();
    expect(decideLink('data:text/html,<script>', 'https://dentivo.example/', own)).toBeNull();
    expect(decideLink('http://[::1', 'https://dentivo.example/', own)).toBeNull();
  });
});

describe('Contrat du webhook (appel 1)', () => {
  const valid = {
    message_id: 'm1',
    text: 'Bonjour',
    sent_at: new Date().toISOString(),
    conversation_id: 'dentivo_single_conversation',
  };
  it('accepte un message avec texte, fichiers ou note vocale', () => {
    expect(webhookPayload.safeParse(valid).success).toBe(true);
    expect(
      webhookPayload.safeParse({ ...valid, text: undefined, voice: { url: 'https://x.example/v.webm', duration: 3 } })
        .success,
    ).toBe(true);
  });
  it('refuse un message vide, trop long, ou dont un lien n’est pas http(s)', () => {
    expect(webhookPayload.safeParse({ ...valid, text: '   ' }).success).toBe(false);
    expect(webhookPayload.safeParse({ ...valid, text: 'x'.repeat(ASSISTANT.maxTextLength + 1) }).success).toBe(false);
    expect(
      webhookPayload.safeParse({ ...valid, files: [{ filename: 'a', type: 'text/plain', url: 'javascript:alert(1)' }] })
        .success,
    ).toBe(false);
  });
  it('lit une réponse complète ou sans texte, et refuse une réponse de mauvaise forme', () => {
    expect(
      webhookReply.safeParse({ message_id: 'r', response: '**Oui**', timestamp: 't', files: [], voice: null }).success,
    ).toBe(true);
    expect(webhookReply.safeParse({}).success).toBe(true);
    expect(webhookReply.safeParse({ response: 42 }).success).toBe(false);
    expect(webhookReply.safeParse([]).success).toBe(false);
    expect(webhookReply.safeParse({ response: 'x', voice: { url: 'javascript:x', duration: 1 } }).success).toBe(false);
  });
});

describe('Dépôt des notes vocales et fichiers (appel 2)', () => {
  const random = randomPart(Uint8Array.from({ length: 16 }, (_, i) => (i * 57 + 255) % 256));
  it('le serveur range la note de Safari (audio/mp4) en .m4a, celle des autres en .webm ; le widget dit avant l’envoi ce que le stockage refuserait', () => {
    expect(uploadName('voice', 'audio/mp4', random, 1700000000000)).toBe(
      `landing-page/voices/1700000000000-${random}.m4a`,
    );
    expect(isUploadPath(uploadName('voice', 'audio/mp4', random, 1700000000000))).toBe(true);
    expect(fileProblem({ type: 'text/html', size: 10 })).toBe('type');
    expect(fileProblem({ type: '', size: 10 })).toBe('type');
    expect(fileProblem({ type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('size');
    expect(fileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(recordingType((type) => !type.includes('webm'))).toBe('audio/mp4');
    expect(recordingType(() => false)).toBeUndefined();
    expect(
      recordingType(() => {
        throw new Error('non pris en charge');
      }),
    ).toBeUndefined();
  });

  it('nomme la note vocale landing-page/voices/{horodatage}-{aléa}.webm, un fichier par l’extension de son type', () => {
    expect(random).toBe('_zhxquMcVY7HADlyq-QdVg');
    const voice = uploadName('voice', 'audio/webm', random, 1700000000000);
    expect(voice).toBe(`landing-page/voices/1700000000000-${random}.webm`);
    expect(isUploadPath(voice)).toBe(true);
    const file = uploadName(
      'file',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      random,
      1,
    );
    expect(file).toBe(`landing-page/files/1-${random}.docx`);
  });
  it('tire 128 bits au hasard par nom, en base64url comme Node', () => {
    for (let i = 0; i < 50; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      expect(randomPart(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
    expect(() => randomPart(new Uint8Array(8))).toThrow();
  });
  it('lit encore, jusqu’à leur effacement, les fichiers nommés avant que le serveur ne les nomme', () => {
    expect(isUploadPath(`landing-page/files/1700000000000-${random}-Radio_panoramique_ete.pdf`)).toBe(true);
    expect(isUploadPath(`landing-page/files/1700000000000-${random}-${'x'.repeat(100)}`)).toBe(true);
    expect(isUploadPath(`landing-page/files/1700000000000-${random}-${'x'.repeat(101)}`)).toBe(false);
  });
  it('n’accepte que des chemins sûrs, avec la part aléatoire, et des types attendus', () => {
    expect(isSafeObjectPath('landing-page/voices/1.webm')).toBe(true);
    expect(isSafeObjectPath('landing-page/../secret')).toBe(false);
    expect(isSafeObjectPath('/abs')).toBe(false);
    expect(isSafeObjectPath(`landing-page/${'a'.repeat(251)}`)).toBe(false);
    // A name without its random part could be guessed: refused; so is one whose random part was chosen.
    expect(isUploadPath('landing-page/voices/1700000000000.webm')).toBe(false);
    expect(
      isUploadPath(uploadName('voice', 'audio/webm', randomPart(new Uint8Array(16).fill(255)), 1700000000000)),
    ).toBe(false);
    expect(uploadType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(uploadType('audio/webm; codecs="vp8,opus"')).toBe('audio/webm');
    expect(uploadType('text/html')).toBeUndefined();
    expect(uploadType('image/svg+xml')).toBeUndefined();
  });
  it('refuse une liste de types, dont le navigateur lirait le dernier', () => {
    expect(mediaType('text/plain;x=,text/javascript')).toBeUndefined();
    expect(uploadType('text/plain;x=,text/javascript')).toBeUndefined();
    expect(uploadType('image/png;x=,text/html')).toBeUndefined();
    expect(uploadType('image/png, text/html')).toBeUndefined();
    expect(uploadType('text/plain;x="a,b"')).toBe('text/plain');
    expect(uploadType('TEXT/PLAIN; charset=UTF-8')).toBe('text/plain');
  });
});

describe('Conversation enregistrée', () => {
  const welcome: ChatMessage = {
    id: WELCOME_ID,
    role: 'assistant',
    content: 'Bonjour',
    timestamp: '2026-01-01T10:00:00.000Z',
  };
  const user: ChatMessage = { id: 'u', role: 'user', content: 'Question', timestamp: '2026-01-01T10:01:00.000Z' };
  const pending: ChatMessage = {
    id: 't',
    role: 'assistant',
    content: '',
    timestamp: '2026-01-01T10:01:00.000Z',
    isTemporary: true,
  };

  it('n’enregistre pas le message temporaire', () => {
    expect(storableConversation([welcome, user, pending])).toEqual([welcome, user]);
  });
  it('relit une conversation valide et refuse le reste', () => {
    expect(parseStoredConversation(JSON.stringify([welcome, user]))).toEqual([welcome, user]);
    expect(parseStoredConversation('{pas du json')).toBeNull();
    expect(parseStoredConversation('[]')).toBeNull();
    expect(parseStoredConversation(JSON.stringify([{ id: 1 }]))).toBeNull();
    expect(
      parseStoredConversation(JSON.stringify([{ ...user, voice: { url: 'blob:http://x/1', duration: 3 } }])),
    ).toEqual([user]);
  });
  it('montre les options rapides seulement avec le seul message d’accueil', () => {
    expect(showsQuickOptions([welcome])).toBe(true);
    expect(showsQuickOptions([welcome, pending])).toBe(true);
    expect(showsQuickOptions([welcome, user])).toBe(false);
    // Not under a preset: it asks for an idea or the tester programme, not for a question.
    const idea: ChatMessage = { ...welcome, id: 'preset', content: 'Quelle idée ?', intent: 'idea' };
    expect(showsQuickOptions([idea])).toBe(false);
    expect(showsQuickOptions([{ ...idea, intent: undefined }])).toBe(false);
  });
  it('l’intention d’un message prédéfini passe à la réponse du visiteur, et survit au stockage', () => {
    const idea: ChatMessage = { ...welcome, id: 'preset', content: 'Quelle idée ?', intent: 'idea' };
    expect(pendingIntent([idea])).toBe('idea');
    expect(pendingIntent([idea, pending])).toBe('idea');
    expect(pendingIntent([idea, user])).toBeUndefined();
    expect(pendingIntent([welcome])).toBeUndefined();
    expect(parseStoredConversation(JSON.stringify([idea]))).toEqual([idea]);
    const { intent: _intent, ...withoutIntent } = idea;
    expect(parseStoredConversation(JSON.stringify([{ ...idea, intent: 'autre' }]))).toEqual([withoutIntent]);
  });
  it('dit un texte trop long avant l’envoi, sans le couper', () => {
    expect(draftProblems('x'.repeat(ASSISTANT.maxTextLength)).textOver).toBe(0);
    expect(draftProblems(`  ${'x'.repeat(ASSISTANT.maxTextLength + 3)}  `).textOver).toBe(3);
  });
});

describe('Markdown des réponses (core/assistant/markdown.ts)', () => {
  it('lit la réponse de DENTY : ouverture, source, « À lire aussi » en liste', () => {
    expect(
      parseMarkdown(
        'Une suite de gestion.\n\nEn savoir plus\u00A0: [FAQ](/faq)\n\nÀ lire aussi\u00A0:\n- [Tarifs](/tarifs)',
      ),
    ).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Une suite de gestion.' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'En savoir plus\u00A0: ' },
          { type: 'link', href: '/faq', children: [{ type: 'text', text: 'FAQ' }] },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'À lire aussi\u00A0:' }] },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [
            {
              type: 'paragraph',
              children: [{ type: 'link', href: '/tarifs', children: [{ type: 'text', text: 'Tarifs' }] }],
            },
          ],
        ],
      },
    ]);
  });
  it('gras, italique, barré, code, échappements, adresses nues et retours à la ligne', () => {
    expect(parseInline('**Gras** *it* ~~non~~ `x` radio\\_pano snake_case_mot https://x.fr/a.\nsuite')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'Gras' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' ' },
      { type: 'del', children: [{ type: 'text', text: 'non' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'x' },
      { type: 'text', text: ' radio_pano snake_case_mot ' },
      { type: 'link', href: 'https://x.fr/a', children: [{ type: 'text', text: 'https://x.fr/a' }] },
      { type: 'text', text: '.' },
      { type: 'br' },
      { type: 'text', text: 'suite' },
    ]);
  });
  it('le HTML brut n’est que du texte : balises ôtées, script et style avec leur contenu', () => {
    expect(parseMarkdown('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toEqual([]);
    expect(parseInline('<a href="javascript:alert(1)">lien</a> <style>body{}</style>fin')).toEqual([
      { type: 'text', text: 'lien fin' },
    ]);
    expect(parseInline('&lt;b&gt; &amp; &#233;')).toEqual([{ type: 'text', text: '<b> & é' }]);
  });
  it('listes imbriquées et numérotées, citations, code, tableaux, titres', () => {
    const blocks = parseMarkdown(
      '1. un\n2. deux\n   - sous\n\n> cité\n\n```\n<b>code</b>\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Titre',
    );
    expect(blocks.map((block) => block.type)).toEqual(['list', 'quote', 'code', 'table', 'heading']);
    expect(blocks[0]).toMatchObject({
      ordered: true,
      items: [[{ type: 'paragraph' }], [{ type: 'paragraph' }, { type: 'list', ordered: false }]],
    });
    expect(blocks[2]).toEqual({ type: 'code', text: '<b>code</b>' });
    expect(blocks[3]).toMatchObject({
      head: [[{ text: 'a' }], [{ text: 'b' }]],
      rows: [[[{ text: '1' }], [{ text: '2' }]]],
    });
    expect(blocks[4]).toMatchObject({ type: 'heading', level: 2 });
  });
});

describe('Identifiant de conversation', () => {
  it('tire un identifiant au hasard pour chaque conversation, et reconnaît les siens', () => {
    const first = newConversationId();
    expect(isConversationId(first)).toBe(true);
    expect(newConversationId()).not.toBe(first);
    expect(newConversationId((bytes) => bytes.fill(255))).toBe(`conv-${'ff'.repeat(12)}`);
    expect(isConversationId('dentivo_single_conversation')).toBe(false);
    expect(isConversationId(null)).toBe(false);
  });
});
