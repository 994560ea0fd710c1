import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The phone menu's disclosure: open or closed, closed by a navigation or Escape (focus back on its button). */
export function usePhoneMenu() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // A navigation closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return { menuOpen, menuId, menuButton, toggle: () => setMenuOpen((open) => !open) };
}
