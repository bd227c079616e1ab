/**
 * Where keyboard focus goes when the control that had it disappears (the banner hides after a choice):
 * the start of the main content, without scrolling, rather than lost on <body>.
 */
export function focusAfterChoice(preferred?: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const usable = preferred && preferred.isConnected && preferred.checkVisibility();
    const target = usable ? preferred : document.getElementById('contenu');
    target?.focus({ preventScroll: true });
  });
}
