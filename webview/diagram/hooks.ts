import { useEffect, useRef, useState } from 'react';

export type ThemeKind = 'light' | 'dark' | 'hc-dark' | 'hc-light';

/** VS Code marks the webview's body with the kind of the active colour theme. */
function currentThemeKind(): ThemeKind {
  const c = document.body.classList;
  if (c.contains('vscode-high-contrast-light')) return 'hc-light';
  if (c.contains('vscode-high-contrast')) return 'hc-dark';
  if (c.contains('vscode-dark')) return 'dark';
  return 'light';
}

/** The editor's theme kind, updated live when the user switches themes. */
export function useThemeKind(): ThemeKind {
  const [kind, setKind] = useState<ThemeKind>(currentThemeKind);
  useEffect(() => {
    const observer = new MutationObserver(() => setKind(currentThemeKind()));
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return kind;
}

/** Whether the media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setMatches(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** True while the page is hidden (animations pause then). */
export function useDocumentHidden(): boolean {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const onChange = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return hidden;
}

/**
 * Pauses the page's SMIL animations (packets, which do not follow CSS
 * `animation-play-state`) while `hidden`, drawings made meanwhile included (pass the
 * drawing as `drawing`), and resumes them all once shown again. New drawings of a visible
 * page start playing on their own, so a visible update walks nothing.
 */
export function useSmilPausedWhile(hidden: boolean, drawing: unknown): void {
  const paused = useRef(false);
  useEffect(() => {
    if (!hidden && !paused.current) return;
    paused.current = hidden;
    document.querySelectorAll('svg').forEach((svg) => (hidden ? svg.pauseAnimations() : svg.unpauseAnimations()));
  }, [hidden, drawing]);
}
