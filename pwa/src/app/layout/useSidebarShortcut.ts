import { useEffect } from 'react';
import { useUiStore } from '@/ui/ui-store';

/** Ctrl+B (⌘B on a Mac) toggles the sidebar anywhere in the signed-in app. */
export function useSidebarShortcut() {
  const toggle = useUiStore((state) => state.toggleSidebar);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}
