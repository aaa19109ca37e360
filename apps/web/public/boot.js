// Runs before the first paint: the chosen language and theme (kept in localStorage) for <html>.
(function () {
  try {
    var root = document.documentElement;
    var lang = localStorage.getItem('language');
    if (lang === 'ru' || lang === 'en' || lang === 'uz-Latn' || lang === 'uz-Cyrl') {
      root.lang = lang;
      // the installed app's name in the user's language
      var manifest = document.getElementById('manifest');
      if (manifest) manifest.setAttribute('href', '/manifest.' + lang + '.webmanifest');
    }
    root.setAttribute('data-theme', localStorage.getItem('theme') === 'dark' ? 'dark' : 'light');
  } catch {
    /* storage blocked: defaults */
  }
})();
