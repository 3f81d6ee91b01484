/** Moves to another place in the app without a reload: a history entry, then the app follows it as it follows back and forward. */
export function navigate(url: string): void {
  history.pushState(null, '', url);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** An <a>'s click handler that navigates in the app on a plain click and leaves modified clicks (new tab) to the browser. */
export function inApp(event: MouseEvent, url: string): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(url);
}
