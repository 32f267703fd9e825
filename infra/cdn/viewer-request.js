// Site routing at the edge: CloudFront viewer-request function (cloudfront-js-2.0) of the site's default behaviour,
// the rules of `academy serve` (functions/cli/src/site.rs); infra/cdn/routing-cases.json holds both to the same cases.
// `cd site && npm run cdn` writes viewer-request.js from viewer-request.src.js plus the tables, read from the site's
// source; edit those two, never viewer-request.js.
var ROUTES = {
  "pages": [
    "/",
    "/about",
    "/courses",
    "/MernStackPage",
    "/DataAnalysisPage",
    "/AiPage",
    "/CyberSecurityPage",
    "/services",
    "/WordPressDevelopment",
    "/AIChatbotIntegration",
    "/DataAnalysisServices",
    "/WebDevelopmentServices",
    "/CyberSecurityServices",
    "/UIUXServices",
    "/portfolio",
    "/FreeDemo",
    "/contact",
    "/enrollnow",
    "/privacy",
    "/terms",
    "/refund-policy",
    "/Thank-you",
    "/FreeDemo/booking",
    "/enrollnow/paid",
    "/search",
    "/sign-in",
    "/sign-up",
    "/404",
    "/lms",
    "/staff",
    "/verify",
    "/course-outline/665f1c2a9b3e4d0012a1b001",
    "/course-outline/665f1c2a9b3e4d0012a1b002",
    "/course-outline/665f1c2a9b3e4d0012a1b003",
    "/course-outline/665f1c2a9b3e4d0012a1b004"
  ],
  "redirects": {
    "/courses/mern-full-stack-development": "/MernStackPage",
    "/course-outline/mern-full-stack-development": "/course-outline/665f1c2a9b3e4d0012a1b001",
    "/batches/mern-full-stack-development": "/batches/665f1c2a9b3e4d0012a1b001",
    "/courses/data-analyst": "/DataAnalysisPage",
    "/course-outline/data-analyst": "/course-outline/665f1c2a9b3e4d0012a1b002",
    "/batches/data-analyst": "/batches/665f1c2a9b3e4d0012a1b002",
    "/courses/ai-machine-learning": "/AiPage",
    "/course-outline/ai-machine-learning": "/course-outline/665f1c2a9b3e4d0012a1b003",
    "/batches/ai-machine-learning": "/batches/665f1c2a9b3e4d0012a1b003",
    "/courses/cyber-security": "/CyberSecurityPage",
    "/course-outline/cyber-security": "/course-outline/665f1c2a9b3e4d0012a1b004",
    "/batches/cyber-security": "/batches/665f1c2a9b3e4d0012a1b004",
    "/courses/data-science": "/DataAnalysisPage",
    "/course-outline/data-science": "/course-outline/665f1c2a9b3e4d0012a1b002",
    "/batches/data-science": "/batches/665f1c2a9b3e4d0012a1b002",
    "/courses/mern-stack": "/MernStackPage",
    "/course-outline/mern-stack": "/course-outline/665f1c2a9b3e4d0012a1b001",
    "/batches/mern-stack": "/batches/665f1c2a9b3e4d0012a1b001",
    "/courses/full-stack-ai": "/AiPage",
    "/course-outline/full-stack-ai": "/course-outline/665f1c2a9b3e4d0012a1b003",
    "/batches/full-stack-ai": "/batches/665f1c2a9b3e4d0012a1b003",
    "/courses/cybersecurity": "/CyberSecurityPage",
    "/course-outline/cybersecurity": "/course-outline/665f1c2a9b3e4d0012a1b004",
    "/batches/cybersecurity": "/batches/665f1c2a9b3e4d0012a1b004",
    "/services/web-development": "/WebDevelopmentServices",
    "/services/wordpress-development": "/WordPressDevelopment",
    "/services/ui-ux-design": "/UIUXServices",
    "/services/ai-chatbot-integration": "/AIChatbotIntegration",
    "/services/data-analysis": "/DataAnalysisServices",
    "/services/cyber-security": "/CyberSecurityServices",
    "/services/mobile-app-development": "/services#mobile-app-development",
    "/services/digital-marketing": "/services#digital-marketing",
    "/services/cloud-devops": "/services#cloud-devops",
    "/mernstackpage": "/MernStackPage",
    "/dataanalysispage": "/DataAnalysisPage",
    "/aipage": "/AiPage",
    "/cybersecuritypage": "/CyberSecurityPage",
    "/wordpressdevelopment": "/WordPressDevelopment",
    "/aichatbotintegration": "/AIChatbotIntegration",
    "/dataanalysisservices": "/DataAnalysisServices",
    "/webdevelopmentservices": "/WebDevelopmentServices",
    "/cybersecurityservices": "/CyberSecurityServices",
    "/uiuxservices": "/UIUXServices",
    "/freedemo": "/FreeDemo",
    "/thank-you": "/Thank-you",
    "/freedemo/booking": "/FreeDemo/booking"
  },
  "clientRendered": [
    "/lms",
    "/course-outline",
    "/batches",
    "/recorded-lectures",
    "/sign-in",
    "/sign-up"
  ],
  "shells": [
    "/verify"
  ]
}; // the tables: pre-rendered pages, the redirect table, client-rendered areas, shells

var NOT_FOUND_PAGE = '/404/index.html';
var SPA_FALLBACK = '/__spa-fallback.html';
// Lower-cased page path -> the page path as built, e.g. /freedemo -> /FreeDemo.
var CANONICAL = {};
ROUTES.pages.forEach(function (page) {
  CANONICAL[page.toLowerCase()] = page;
});

function trimSlash(path) {
  var trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

// The query string as received: names and values stay percent-encoded, repeated names keep every value.
function queryString(querystring) {
  var parts = [];
  for (var name in querystring) {
    var field = querystring[name];
    var values = field.multiValue || [field];
    for (var i = 0; i < values.length; i++) parts.push(name + '=' + values[i].value);
  }
  return parts.join('&');
}

// The target with the request's query, which goes before a #fragment (/services?x=1#cloud-devops), as
// site.rs redirect_location builds it.
function redirect(target, request) {
  var query = queryString(request.querystring || {});
  var location = target;
  if (query) {
    var hash = target.indexOf('#');
    var path = hash < 0 ? target : target.slice(0, hash);
    location = path + (path.indexOf('?') < 0 ? '?' : '&') + query + target.slice(path.length);
  }
  return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location } } };
}

function rewrite(request, uri) {
  request.uri = uri;
  return request;
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (/(^|\/)\.\.(\/|$)/.test(uri) || uri.indexOf('\\') >= 0 || uri.indexOf('\0') >= 0) {
    return rewrite(request, NOT_FOUND_PAGE);
  }
  var path = trimSlash(uri);
  if (Object.prototype.hasOwnProperty.call(ROUTES.redirects, path)) return redirect(ROUTES.redirects[path], request);
  var lower = path.toLowerCase();
  var page = CANONICAL[lower];
  if (page === path) return rewrite(request, path === '/' ? '/index.html' : path + '/index.html');
  if (page) return redirect(page, request);
  // A file name: the bucket has it or answers 403, which viewer-response.js turns into 404.
  if (uri.slice(uri.lastIndexOf('/') + 1).indexOf('.') >= 0) return request;
  // An area with a shell of its own (/verify/{id}): its pre-rendered page, whose head says noindex.
  for (var s = 0; s < ROUTES.shells.length; s++) {
    var shell = ROUTES.shells[s];
    if (lower.slice(0, shell.length + 1) === shell.toLowerCase() + '/') {
      if (path.slice(0, shell.length) !== shell) return redirect(shell + path.slice(shell.length), request);
      return rewrite(request, shell + '/index.html');
    }
  }
  for (var i = 0; i < ROUTES.clientRendered.length; i++) {
    var prefix = ROUTES.clientRendered[i];
    if (lower === prefix || lower.slice(0, prefix.length + 1) === prefix + '/') {
      // The client router matches case-insensitively: send /LMS to /lms rather than hydrate over another document.
      if (path.slice(0, prefix.length) !== prefix) return redirect(prefix + path.slice(prefix.length), request);
      return rewrite(request, SPA_FALLBACK);
    }
  }
  return rewrite(request, NOT_FOUND_PAGE);
}
