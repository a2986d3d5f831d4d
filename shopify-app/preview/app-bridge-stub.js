// A local stand-in for App Bridge 4 (https://cdn.shopify.com/shopifycloud/app-bridge.js) for the preview and the
// browser tests: what the app uses of it, with no request leaving the machine. `window.shopify` with idToken() (a
// session token signed with the app's secret, as Shopify admin issues them), toast.show, resourcePicker (the fake
// store's products and collections), loading; fetch to the app carries the session token; <ui-nav-menu> links show
// in the admin frame's navigation, the current page's marked; the bounce page (`shopify-reload`) reloads with a fresh
// `id_token`.
// The server that serves this file puts the preview's settings in place of __PREVIEW_CONFIG__.
(() => {
  const config = __PREVIEW_CONFIG__;
  const admin = window.top && window.top !== window ? window.top : window;
  const adminDocument = (() => {
    try {
      return admin.document;
    } catch {
      return document;
    }
  })();

  const base64url = (bytes) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const text = (value) => new TextEncoder().encode(value);
  let signingKey;
  async function idToken() {
    signingKey ??= await crypto.subtle.importKey(
      "raw",
      text(config.apiSecret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(text(JSON.stringify({ alg: "HS256", typ: "JWT" })));
    const payload = base64url(
      text(
        JSON.stringify({
          iss: `https://${config.shop}/admin`,
          dest: `https://${config.shop}`,
          aud: config.apiKey,
          sub: "1",
          exp: now + 60,
          nbf: now - 5,
          iat: now - 5,
          jti: crypto.randomUUID(),
          sid: config.sessionId,
        }),
      ),
    );
    const signature = await crypto.subtle.sign("HMAC", signingKey, text(`${header}.${payload}`));
    return `${header}.${payload}.${base64url(signature)}`;
  }

  // The bounce page: Shopify admin hands the app a session token by reloading the page with it.
  const params = new URLSearchParams(location.search);
  const reload = params.get("shopify-reload");
  if (reload) {
    void idToken().then((token) => {
      const target = new URL(reload, location.origin);
      target.searchParams.set("id_token", token);
      location.replace(target.toString());
    });
    return;
  }

  // Requests to the app carry the session token, as App Bridge adds it.
  const appFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin) return appFetch(input, init);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${await idToken()}`);
    const response = await appFetch(input, { ...init, headers });
    // The app's redirect out of the frame (shopify-app-remix's `redirect(url, { target: "_top" })` on a fetch): a 401
    // naming the address, which App Bridge opens in the whole admin window instead of handing the answer to the app.
    const leave = response.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url");
    if (response.status === 401 && leave) {
      admin.location.assign(leave);
      return new Promise(() => undefined);
    }
    return response;
  };

  function el(tag, attributes = {}, children = []) {
    const node = adminDocument.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function showToast(message, options = {}) {
    const area = adminDocument.getElementById("admin-toasts") ?? adminDocument.body;
    const toast = el("div", {
      class: options.isError ? "admin-toast admin-toast-error" : "admin-toast",
      text: message,
    });
    area.append(toast);
    setTimeout(() => toast.remove(), options.duration ?? 5000);
    return crypto.randomUUID();
  }

  async function resourcePicker({ type, multiple = false, selectionIds = [] }) {
    const items = await (await appFetch(`/__preview/catalog?type=${encodeURIComponent(type)}`)).json();
    const limit = multiple === true ? Infinity : multiple === false ? 1 : Number(multiple);
    const chosen = new Set(selectionIds.map((s) => s.id));
    return new Promise((resolve) => {
      const dialog = el("dialog", {
        class: "admin-picker",
        "aria-label": type === "collection" ? "Select collections" : "Select products",
      });
      const list = el("div", { class: "admin-picker-list" });
      for (const item of items) {
        const box = el("input", { type: "checkbox", value: item.id });
        box.checked = chosen.has(item.id);
        box.addEventListener("change", () => {
          if (box.checked) chosen.add(item.id);
          else chosen.delete(item.id);
        });
        list.append(el("label", {}, [box, ` ${item.title}`]));
      }
      const done = (value) => {
        dialog.close();
        dialog.remove();
        resolve(value);
      };
      const select = el("button", { type: "button", text: "Select" });
      select.addEventListener("click", () => done(items.filter((item) => chosen.has(item.id)).slice(0, limit)));
      const cancel = el("button", { type: "button", text: "Cancel" });
      cancel.addEventListener("click", () => done(undefined));
      dialog.append(
        el("h2", { text: type === "collection" ? "Select collections" : "Select products" }),
        list,
        el("div", {}, [cancel, select]),
      );
      adminDocument.body.append(dialog);
      dialog.showModal();
    });
  }

  // <ui-nav-menu>: its links become the admin frame's navigation for the app; clicking one follows the app's link.
  // As in Shopify admin, the item of the app's current page shows as current: the link whose path is the page's path
  // or a parent of it (the longest such), so /app/posts/12 is under Posts; on the home page (rel="home", which admin
  // shows as the app's name) no item is current. App Bridge tells admin the app's path on every navigation, the
  // history API's included (a client-side router's), so the current item follows the app's route.
  const menus = new Set();
  const currentPath = (links) => {
    const here = location.pathname.replace(/\/+$/, "");
    let best;
    for (const link of links) {
      const path = new URL(link.getAttribute("href") ?? "", location.href).pathname.replace(/\/+$/, "");
      if ((here === path || here.startsWith(`${path}/`)) && (!best || path.length > best.path.length)) {
        best = { link, path };
      }
    }
    return best?.link;
  };
  class NavMenu extends HTMLElement {
    connectedCallback() {
      menus.add(this);
      queueMicrotask(() => this.render());
      new MutationObserver(() => this.render()).observe(this, { childList: true, subtree: true });
    }
    disconnectedCallback() {
      menus.delete(this);
    }
    render() {
      const nav = adminDocument.getElementById("admin-nav");
      if (!nav) return;
      const links = [...this.querySelectorAll("a")];
      const current = currentPath(links);
      nav.replaceChildren(
        ...links
          .filter((link) => link.getAttribute("rel") !== "home")
          .map((link) => {
            const item = el("a", { href: "#", text: link.textContent ?? "" });
            if (link === current) item.setAttribute("aria-current", "page");
            item.addEventListener("click", (event) => {
              event.preventDefault();
              link.click();
            });
            return item;
          }),
      );
    }
  }
  const routeChanged = () => menus.forEach((menu) => menu.render());
  for (const method of ["pushState", "replaceState"]) {
    const original = history[method].bind(history);
    history[method] = (...args) => {
      original(...args);
      routeChanged();
    };
  }
  window.addEventListener("popstate", routeChanged);
  if (!customElements.get("ui-nav-menu")) customElements.define("ui-nav-menu", NavMenu);
  // Hidden in the app's own page (admin shows it in its navigation), without touching the markup React hydrates.
  const hidden = new CSSStyleSheet();
  hidden.replaceSync("ui-nav-menu { display: none; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, hidden];

  window.shopify = {
    config: { apiKey: config.apiKey, shop: config.shop, host: params.get("host") ?? config.host, locale: "en" },
    origin: location.origin,
    ready: Promise.resolve(),
    environment: { embedded: true, mobile: false, pos: false },
    idToken,
    toast: { show: showToast, hide: () => undefined },
    resourcePicker,
    loading: () => undefined,
  };
})();
