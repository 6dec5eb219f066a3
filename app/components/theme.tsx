/** Runs before paint: applies the theme stored under 'theme' (light unless 'dark'). */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch(e){}`
