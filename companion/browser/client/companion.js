// The companion's own page script, loaded right after Flet's python.js.
//
// Everywhere (the static build and `companion --web`): Flet's web client asks a public CDN for Rive's
// `rive_native.js`; that request is sent to the companion's own host instead (companion-rive.js); a
// control's name for screen readers is kept within the control's box; and a file too large to pick is
// refused before it is read (below).
//
// In the static build (Python runs in the page: `flet.pyodide`):
// - one tab owns the saved data: a Web Lock is taken before Python starts; a second tab says plainly that
//   the app is open elsewhere and starts by itself once that one is closed;
// - the browser is asked to keep the data (persistent storage), and the service worker (sw.js) is
//   registered; when a newer build has been installed, the player is told and chooses when to switch.
"use strict";

(function () {
  var RIVE_CDN = /^https:\/\/cdn\.jsdelivr\.net\/npm\/@rive-app\/flutter-native-wasm@[^/]+\//;

  function local(url) {
    return typeof url === "string" && RIVE_CDN.test(url) ? "companion-rive.js" : url;
  }

  var srcProperty = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true,
    enumerable: srcProperty.enumerable,
    get: function () { return srcProperty.get.call(this); },
    set: function (value) { srcProperty.set.call(this, local(value)); },
  });
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLScriptElement && String(name).toLowerCase() === "src") {
      value = local(value);
    }
    return setAttribute.call(this, name, value);
  };

  // Flutter names a control for a screen reader by words in its node, drawn transparent and allowed to
  // overflow: a long name on a 40 px button (Undo's says the entry it takes back) wrapped into a column over
  // the controls below it, and a click on one of them went to the button. Clipped to its own box, the name
  // is still read whole.
  function clipNames() {
    var style = document.createElement("style");
    style.textContent = "flt-semantics[role=button], flt-semantics[flt-tappable] { clip-path: inset(0); }";
    document.head.appendChild(style);
  }
  if (document.head) { clipNames(); } else { document.addEventListener("DOMContentLoaded", clipNames); }

  // The page's own notices come before Python (and its catalogs) can speak: they are said in the language
  // chosen in the app's Settings, which the app tells the page (below), or else in the browser's language
  // when the app has it, in English otherwise.
  var WORDS = {
    en: {
      lang: "en",
      starting: "Starting the companion…",
      lost: "The connection to the computer running the companion is lost. What was entered is saved there. "
        + "This page goes on by itself once it can reach the companion again (this device and the computer on "
        + "the network, the companion running); if it does not, reload it.",
      reload: "Reload",
      tooBig: "{name} is {size}: a file larger than {most} cannot be sent from this browser. Nothing was "
        + "changed.",
      tooBigHere: "{name} is {size}: a file larger than {most} cannot be opened in this browser. Nothing was "
        + "changed.",
      ok: "OK", megabytes: "MB",
      elsewhere: "The companion is already open in another tab or window of this browser. Only one can keep "
        + "the scores: close the other one and this one opens by itself.",
      update: "A new version of the companion is ready. Everything you entered is saved.",
      now: "Update now", later: "Later",
    },
    de: {
      lang: "de",
      starting: "Die App startet …",
      lost: "Die Verbindung zum Computer, auf dem die App läuft, ist unterbrochen. Was eingegeben wurde, ist "
        + "dort gespeichert. Diese Seite macht von selbst weiter, sobald sie die App wieder erreicht (Gerät und "
        + "Computer im Netz, die App läuft); sonst lade sie neu.",
      reload: "Neu laden",
      tooBig: "{name} hat {size}: Eine Datei über {most} lässt sich aus diesem Browser nicht senden. Nichts "
        + "wurde geändert.",
      tooBigHere: "{name} hat {size}: Eine Datei über {most} lässt sich in diesem Browser nicht öffnen. Nichts "
        + "wurde geändert.",
      ok: "OK", megabytes: "MB",
      elsewhere: "Die App ist schon in einem anderen Tab oder Fenster dieses Browsers offen. Nur einer kann die "
        + "Punkte führen: Schließe den anderen, dann öffnet sich dieser von selbst.",
      update: "Eine neue Version der App ist bereit. Alles, was du eingegeben hast, ist gespeichert.",
      now: "Jetzt aktualisieren", later: "Später",
    },
    fr: {
      lang: "fr",
      starting: "Démarrage de l'app…",
      lost: "La connexion à l'ordinateur qui fait tourner l'app est perdue. Ce qui a été saisi y est "
        + "enregistré. Cette page reprendra d'elle-même dès qu'elle joindra de nouveau l'app (cet "
        + "appareil et l'ordinateur sur le réseau, l'app en marche)\u00a0; sinon, rechargez-la.",
      reload: "Recharger",
      tooBig: "{name} fait {size}\u00a0: un fichier de plus de {most} ne peut pas être envoyé depuis ce "
        + "navigateur. Rien n'a été modifié.",
      tooBigHere: "{name} fait {size}\u00a0: un fichier de plus de {most} ne peut pas être ouvert dans ce "
        + "navigateur. Rien n'a été modifié.",
      ok: "OK", megabytes: "Mo",  // the app's file sizes say it so
      elsewhere: "L'app est déjà ouverte dans un autre onglet ou une autre fenêtre de ce navigateur. Un seul "
        + "peut tenir les scores\u00a0: fermez l'autre et celui-ci s'ouvrira de lui-même.",
      update: "Une nouvelle version de l'app est prête. Tout ce que vous avez saisi est enregistré.",
      now: "Mettre à jour", later: "Plus tard",
    },
    pl: {
      lang: "pl",
      starting: "Uruchamianie aplikacji…",
      lost: "Utracono połączenie z komputerem, na którym działa aplikacja. To, co wpisano, jest tam zapisane. "
        + "Ta strona wznowi się sama, gdy znów połączy się z aplikacją (to urządzenie i komputer w "
        + "sieci, aplikacja działa); jeśli nie, załaduj ją ponownie.",
      reload: "Załaduj ponownie",
      tooBig: "Plik {name} ma {size}: pliku większego niż {most} nie można wysłać z tej przeglądarki. "
        + "Niczego nie zmieniono.",
      tooBigHere: "Plik {name} ma {size}: pliku większego niż {most} nie można otworzyć w tej przeglądarce. "
        + "Niczego nie zmieniono.",
      ok: "OK", megabytes: "MB",
      elsewhere: "Aplikacja jest już otwarta w innej karcie lub oknie tej przeglądarki. Tylko jedna może "
        + "zapisywać wyniki: zamknij tamtą, a ta otworzy się sama.",
      update: "Nowa wersja aplikacji jest gotowa. Wszystko, co wpisano, jest zapisane.",
      now: "Zaktualizuj teraz", later: "Później",
    },
  };
  var CHOSEN = "climbing-companion-language";    // localStorage: the language chosen in Settings, if one is

  function browserWords() {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").slice(0, 2).toLowerCase();
      if (WORDS[code]) { return WORDS[code]; }
    }
    return WORDS.en;
  }

  function chosenWords() {
    try {
      var chosen = window.localStorage.getItem(CHOSEN);
      if (chosen && Object.prototype.hasOwnProperty.call(WORDS, chosen)) { return WORDS[chosen]; }
    } catch (error) { /* storage refused (private mode): the browser's language */ }
    return browserWords();
  }

  var said = chosenWords();

  // A notice over the page: its words and its buttons ([words, on click, main?] each). It is marked with the
  // language it is said in, so that a screen reader reads it in that language's voice, whatever the page's.
  function notice(id, text, buttons) {
    var box = document.getElementById(id);
    if (!box) {
      box = document.createElement("div");
      box.id = id;
      box.setAttribute("role", "alert");
      // The tab that waits for another is covered whole: under it Flet's client says "Working..." beside a
      // spinner, in English, as if it were on its way, while it only waits. Other notices sit at the bottom.
      var place = id === "companion-elsewhere"
        ? ["top:0", "bottom:0", "left:0", "right:0", "padding:24px", "align-content:center"]
        : ["bottom:12px", "left:12px", "right:12px", "padding:16px", "border-radius:12px",
          "box-shadow:0 4px 16px rgba(0,0,0,.25)"];
      box.style.cssText = place.concat([
        "position:fixed", "z-index:2147483647", "font:16px/1.4 system-ui,sans-serif",
        "background:#1F6F78", "color:#fff", "display:flex", "gap:12px", "align-items:center", "flex-wrap:wrap",
      ]).join(";");
      document.body.appendChild(box);
    }
    box.lang = said.lang;
    box.textContent = "";
    var words = document.createElement("span");
    words.style.flex = "1 1 220px";
    words.textContent = text;
    box.appendChild(words);
    (buttons || []).forEach(function (spec) {
      var button = document.createElement("button");
      button.textContent = spec[0];
      button.style.cssText = "font:inherit;font-weight:600;padding:8px 16px;border-radius:8px;min-height:44px;"
        + (spec[2] ? "border:0;background:#fff;color:#1F6F78" : "border:1px solid #fff;background:none;color:#fff");
      button.addEventListener("click", spec[1]);
      box.appendChild(button);
    });
    return box;
  }

  function dismiss(id) {
    var box = document.getElementById(id);
    if (box) { box.remove(); }
  }

  // The page's notices are said in the app's language, which Flet's client writes on the page (<html lang>) as
  // the app sets it; else in the words chosen so far.
  var pageWords = function () {
    var code = String(document.documentElement.lang || "").slice(0, 2).toLowerCase();
    return Object.prototype.hasOwnProperty.call(WORDS, code) ? WORDS[code] : said;
  };
  var inPage = typeof flet !== "undefined" && !!flet.pyodide;

  // A file picked in this browser reaches the app whole. Served, it goes in one websocket message, which the
  // server caps (`WS_MAX_BYTES`, a little over `WEB_FILE_BYTES` in companion/inputs.py, which FILE_AT_MOST
  // repeats): a larger one closed the connection before the app could say a word, and the page came back as
  // if nothing had been picked. In the static build it is read into the page's Python, whose memory a file
  // of a few hundred MB overflows: the tab crashed, without a word. Such a file is taken out of the pick
  // before Flet's client reads it (the client then waits for a file that never comes, which leaves the app
  // as it was), and the page says why. A screen's own limit, smaller, is the app's to tell once a file within
  // this one arrives.
  var FILE_AT_MOST = 32 * 1024 * 1024;
  var TOO_BIG = "companion-too-big";
  // Rounded up, so that a file just over the limit is not said to be the limit's size.
  var megabytes = function (bytes) {
    var mb = Math.ceil(bytes / (1024 * 1024) * 10) / 10;
    return mb.toLocaleString(said.lang, { maximumFractionDigits: 1 }) + "\u00a0" + said.megabytes;
  };
  var filled = function (text, values) {      // {name} etc., the values taken as they are (no "$&")
    return text.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  };
  var checkPick = function (event) {
    var input = event.target;
    if (!input || input.tagName !== "INPUT" || input.type !== "file" || !input.files) { return; }
    var big = null;
    for (var i = 0; i < input.files.length; i++) {
      if (input.files[i].size > FILE_AT_MOST) { big = input.files[i]; break; }
    }
    if (big === null) { dismiss(TOO_BIG); return; }
    input.value = "";
    said = pageWords();
    var words = inPage ? said.tooBigHere : said.tooBig;
    notice(TOO_BIG, filled(words, { name: big.name, size: megabytes(big.size), most: megabytes(FILE_AT_MOST) }),
      [[said.ok, function () { dismiss(TOO_BIG); }, true]]);
  };
  // The client's file input need not be in the page: it is watched when the client opens it.
  var nativeClick = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type === "file" && !this.companionWatched) {
      this.companionWatched = true;
      this.addEventListener("change", checkPick, true);
    }
    return nativeClick.apply(this, arguments);
  };

  if (!inPage) {
    // Served by `companion --web`: the data lives on that computer, reached over one websocket. When it
    // closes (the computer's app stopped, the Wi-Fi dropped), Flet's client shows a spinner and "Working...",
    // in English, as if it were busy: the page says instead what happened, until a connection opens again
    // (the client retries by itself). A blip shorter than LOST_AFTER says nothing. The page's notices are
    // said in the app's language, which Flet's client writes on the page (<html lang>) as the app sets it.
    var LOST = "companion-lost";
    var LOST_AFTER = 2000;
    var ASK_EVERY = 3000;
    var lostTimer = null;
    var asking = null;
    // A page the server no longer lets in (a phone on the Wi-Fi after the computer's app restarted, whose join
    // has to be made again) would retry in vain: while the connection is lost the page asks the server for
    // itself now and then, and once the server answers with a page of its own that refuses it (the join page),
    // it reloads onto that page.
    function askWhetherLetIn() {
      if (asking !== null) { return; }
      asking = setInterval(function () {
        fetch(window.location.pathname, {cache: "no-store", credentials: "same-origin"}).then(function (answer) {
          // 401: the join page; 429: wrong codes, wait; 403: not let in here. Each page says why.
          if (answer.status >= 400 && answer.status < 500) { window.location.reload(); }
        }, function () { /* not running yet */ });
      }, ASK_EVERY);
    }
    var Native = window.WebSocket;
    var Watched = function (url, protocols) {
      var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
      socket.addEventListener("open", function () {
        if (lostTimer !== null) { clearTimeout(lostTimer); lostTimer = null; }
        if (asking !== null) { clearInterval(asking); asking = null; }
        dismiss(LOST);
      });
      socket.addEventListener("close", function () {
        if (lostTimer === null) {
          lostTimer = setTimeout(function () {
            lostTimer = null;
            said = pageWords();
            notice(LOST, said.lost, [[said.reload, function () { window.location.reload(); }, true]]);
            askWhetherLetIn();
          }, LOST_AFTER);
        }
      });
      return socket;
    };
    Watched.prototype = Native.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Watched[name] = Native[name]; });
    window.WebSocket = Watched;

    return;
  }

  var LOCK = "climbing-companion-data";

  // While Python starts (15 s or so on a phone, from the offline copy too), Flet's client shows a spinner
  // and "Working...", in English whatever the language. The page is covered meanwhile by the same in the
  // player's language, until the app says its first screen is drawn (on the channel below: its language, or
  // that a page saying the data cannot be opened is shown), or the start fails (Flet's client then shows
  // why, which must not stay covered). Without the channel nothing would say so: no cover.
  var STARTING = "companion-starting";
  var STARTING_AT_MOST = 90000;      // from the start: a start that never ends shows Flet's own spinner
  var SHOWN_AT_MOST = 15000;         // once Python is up: an app that fails before it speaks shows why
  var startingTimer = null;

  function stopStarting(after) {
    if (startingTimer !== null) { clearTimeout(startingTimer); startingTimer = null; }
    if (after === undefined) {
      dismiss(STARTING);
    } else {
      startingTimer = setTimeout(function () { startingTimer = null; dismiss(STARTING); }, after);
    }
  }

  function starting() {
    var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    var box = document.getElementById(STARTING);
    if (!box) {
      box = document.createElement("div");
      box.id = STARTING;
      box.setAttribute("role", "status");
      box.style.cssText = [
        "position:fixed", "top:0", "bottom:0", "left:0", "right:0", "z-index:2147483646", "display:flex",
        "flex-direction:column", "gap:20px", "align-items:center", "justify-content:center",
        "font:16px/1.4 system-ui,sans-serif", dark ? "background:#121212" : "background:#FAFAFA",
        dark ? "color:#E6E6E6" : "color:#1B1B1B",
      ].join(";");
      var wheel = document.createElement("div");
      wheel.setAttribute("aria-hidden", "true");
      wheel.style.cssText = "width:36px;height:36px;border-radius:50%;border:4px solid rgba(31,111,120,.25);"
        + "border-top-color:#1F6F78";
      var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (!still && wheel.animate) {
        wheel.animate([{ transform: "rotate(0deg)" }, { transform: "rotate(360deg)" }],
          { duration: 1000, iterations: Infinity });
      }
      box.appendChild(wheel);
      box.appendChild(document.createElement("span"));
      document.body.appendChild(box);
    }
    box.lang = said.lang;
    box.lastChild.textContent = said.starting;
  }

  // Resolves once this tab owns the saved data; the lock is held until the tab closes.
  var owned = null;
  var owning = false;
  var pending = null;      // a newer build found before this tab owned the data: offered once it does
  var stale = false;       // a newer build took over while this tab waited for the data
  var HAND_BACK_MS = 3000;
  var OWNER = "companion-owned-here";
  var ownedBefore = false;
  try { ownedBefore = window.sessionStorage.getItem(OWNER) === "1"; } catch (error) { /* storage refused */ }
  function ownData() {
    if (owned) { return owned; }
    owned = new Promise(function (resolve) {
      if (!navigator.locks) { owning = true; resolve(); return; }   // no Web Locks: nothing tells tabs apart
      var holdForever = function () {
        if (stale) {
          // A new build took over while this tab waited: its page is the old build's, so it starts again now,
          // holding the data meanwhile (reloaded at once when the new build came, it might have taken the data
          // from the tab whose player chose "Update now").
          window.location.reload();
          return new Promise(function () {});
        }
        owning = true;
        try { window.sessionStorage.setItem(OWNER, "1"); } catch (error) { /* storage refused */ }
        if (pending !== null) { offerUpdate(pending); pending = null; }   // found while this tab waited
        resolve();
        return new Promise(function () {});
      };
      // The tab that owns the data lets the lock go when it closes, and also when it only reloads (pulled down
      // on a phone, "Update now"): a tab waiting in line took it then, and the player's own tab, reloaded, said
      // the companion was open elsewhere. So a waiting tab handed the lock lets it go at once, and takes it a
      // moment later only if nobody asked for it meanwhile; a tab that owned the data before its reload (the
      // mark in its sessionStorage, which a reload keeps and a new tab has not) takes it as soon as it is handed
      // it, even when the page it reloaded from still held it as it asked.
      var waitTurn = function () {
        navigator.locks.request(LOCK, function () {
          if (ownedBefore) {
            dismiss("companion-elsewhere");
            return holdForever();
          }
          setTimeout(function () {
            navigator.locks.request(LOCK, { ifAvailable: true }, function (lock) {
              if (!lock) { waitTurn(); return undefined; }
              dismiss("companion-elsewhere");
              return holdForever();
            });
          }, HAND_BACK_MS);
          return undefined;     // let go at once
        });
      };
      navigator.locks.request(LOCK, { ifAvailable: true }, function (lock) {
        if (lock) { return holdForever(); }
        var wait = function () {
          notice("companion-elsewhere", said.elsewhere);
        };
        if (document.body) { wait(); } else { document.addEventListener("DOMContentLoaded", wait); }
        waitTurn();
        return undefined;
      });
    });
    return owned;
  }

  // Python runs in a web worker, where there is no localStorage: the app says its Settings' language on a
  // BroadcastChannel (`companion.browser.app`), as it starts and whenever it changes, as a language code or
  // "system" (follow the device). Every tab of the site hears it: this one keeps it for its next start, and
  // a notice on the screen is said again in it, such as the one of a tab waiting for another.
  // A save is kept in the browser's storage a moment after the screen shows it (`companion.browser.storage`):
  // reloaded or closed in that moment, the page lost the move just shown. The browser asks first meanwhile.
  var running = false;    // this page's app has started (a tab waiting for another runs none)
  var saving = false;
  window.addEventListener("beforeunload", function (event) {
    if (!saving) { return; }
    event.preventDefault();
    event.returnValue = "";
  });

  if (typeof BroadcastChannel === "function") {
    new BroadcastChannel("climbing-companion").addEventListener("message", function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (!message || typeof message !== "object") { return; }
      if (message.shown === true) { stopStarting(); }     // a screen without a language: the data's failure
      if (typeof message.saving === "boolean") {
        // This page's app is still copying a save into the browser's storage (or has done): heard by every tab,
        // so only the tab whose app runs takes it.
        if (running) { saving = message.saving; }
        return;
      }
      var told = message.language;
      if (typeof told !== "string") { return; }
      var known = Object.prototype.hasOwnProperty.call(WORDS, told);
      try {
        if (known) {
          window.localStorage.setItem(CHOSEN, told);
        } else {
          window.localStorage.removeItem(CHOSEN);
        }
      } catch (error) { /* storage refused: only this page's notices follow, until it closes */ }
      said = known ? WORDS[told] : browserWords();
      stopStarting();         // the app is up: it speaks once its first screen is drawn
      if (document.getElementById("companion-elsewhere")) { notice("companion-elsewhere", said.elsewhere); }
      if (document.getElementById("companion-update") && offered) { offerUpdate(offered); }
    });
  }

  var connect = globalThis.jsConnect;
  globalThis.jsConnect = async function () {
    await ownData();
    running = true;
    if (typeof BroadcastChannel === "function") {
      starting();
      stopStarting(STARTING_AT_MOST);
    }
    try {
      var connected = await connect.apply(this, arguments);
    } catch (error) {
      stopStarting();
      throw error;
    }
    if (document.getElementById(STARTING)) { stopStarting(SHOWN_AT_MOST); }
    return connected;
  };
  ownData();

  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then(function (kept) {
      return kept || navigator.storage.persist();
    }).catch(function () {});
  }

  if (!("serviceWorker" in navigator)) {
    return;   // plain http from another computer: no offline copy, but the app itself works
  }
  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // The tab whose player chose "Update now" starts again under the new build; a tab only waiting for the
    // data does once it gets it (`stale`).
    if (reloading) { window.location.reload(); } else if (!owning) { stale = true; }
  });

  var offered = null;     // the build waiting to take over, while the notice offers it
  function offerUpdate(worker) {
    offered = worker;
    // It covers the bottom of the screen (a game's tabs): "Later" puts it away until the next start.
    notice("companion-update", said.update, [
      [said.later, function () { offered = null; dismiss("companion-update"); }, false],
      [said.now, function () {
        reloading = true;
        // Taken over already (another tab of the site chose it first): no change of worker is coming to
        // reload on, and the button did nothing. One made redundant by a newer build still: that one is asked.
        navigator.serviceWorker.getRegistration().then(function (registration) {
          var newest = registration && registration.waiting ? registration.waiting : worker;
          if (newest.state === "activated" || newest.state === "redundant") {
            window.location.reload();
          } else {
            newest.postMessage({ type: "companion-update" });
          }
        }, function () { worker.postMessage({ type: "companion-update" }); });
      }, true],
    ]);
  }

  // A tab waiting for the data has nothing to update (it starts under the newest build once it runs): the
  // notice is for the tab that owns the data.
  function offerOnceOwning(worker) {
    if (owning) { offerUpdate(worker); } else { pending = worker; }
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offerOnceOwning(registration.waiting);
    }
    registration.addEventListener("updatefound", function () {
      var incoming = registration.installing;
      if (!incoming) { return; }
      incoming.addEventListener("statechange", function () {
        // The first install has no controller to replace: nothing to tell.
        if (incoming.state === "installed" && navigator.serviceWorker.controller) {
          offerOnceOwning(incoming);
        }
      });
    });
    // A phone may keep the app open for days: look for a newer build now and then.
    setInterval(function () {
      if (document.visibilityState === "visible") { registration.update().catch(function () {}); }
    }, 60 * 60 * 1000);
  }

  window.addEventListener("load", function () {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(watch).catch(function (error) {
      console.warn("The offline copy could not be set up:", error);
    });
  });
})();
