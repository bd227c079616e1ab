// @vitest-environment happy-dom
/**
 * DENTY's replies, and the team's webhook replies, are typeset where the drawer renders them
 * (widgets/assistant/MessageText.tsx; docs/decisions/0053-form-messages-and-typed-text.md): the page
 * transform never sees them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { AssistantText, PlainText } from '../../widgets/assistant/MessageText.tsx';

afterEach(cleanup);

describe('a reply as the drawer shows it', () => {
  it('keeps figures with their units, « classe 1 » whole and « … » one character; links and code untouched', () => {
    const { container } = render(
      <AssistantText
        text={
          "Rappel 30 jours avant, réponse en 3 minutes : c'est un dispositif de classe 1... Voir [l'agenda](/agenda) ou `a : b`."
        }
      />,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe(
      'Rappel 30\u00A0jours avant, réponse en 3\u00A0minutes\u00A0: c’est un dispositif de classe\u00A01… Voir l’agenda ou a : b.',
    );
    expect(container.querySelector('a')!.getAttribute('href')).toBe('/agenda');
  });

  it('leaves the visitor’s own words as typed', () => {
    const { container } = render(<PlainText text="En 3 minutes..." />);
    expect(container.textContent).toBe('En 3 minutes...');
  });
});
