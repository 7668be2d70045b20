import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

/** Spec s9: the scroll-to-top button shows after 100 px of scrolling. */
export const SCROLL_TOP_THRESHOLD_PX = 100;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Button
      className="im-scroll-top"
      intent="primary"
      icon="arrow-up"
      size="large"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
