import { Classes } from '@blueprintjs/core';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { SETTING_KEYS, useSetting } from '../settings/local-settings';
import { useMediaQuery } from './use-media-query';

// Dark or light: the stored choice when the user made one, else the system preference.

interface Theme {
  dark: boolean;
  toggle(): void;
}

const ThemeContext = createContext<Theme>({ dark: false, toggle: () => undefined });

export function ThemeProvider({ children }: { children: ReactNode }) {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [stored, setStored] = useSetting<boolean | null>(SETTING_KEYS.darkMode, null);
  const dark = stored ?? systemDark;

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  return <ThemeContext.Provider value={{ dark, toggle: () => setStored(!dark) }}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
