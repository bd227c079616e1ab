/**
 * The assistant's HTML (docs/requirements.md#assistant-button): the floating 'Assistant' button, rendered
 * at build on every page (and by embed-app.tsx on other sites), and the empty element the drawer is
 * rendered into on its first opening. The button ships `hidden`; launcher.ts shows it once cookie
 * preferences are set (at once on another site) and gives it its behaviour, without React.
 */
import { buttonTexts } from './texts.ts';

export default function AssistantIsland() {
  return (
    <>
      <button type="button" className="assistant-launcher" aria-haspopup="dialog" aria-expanded="false" hidden>
        <svg className="assistant-launcher__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
        </svg>
        <span className="assistant-launcher__label">{buttonTexts.label}</span>
      </button>
      <div className="assistant-drawer-root" />
    </>
  );
}
