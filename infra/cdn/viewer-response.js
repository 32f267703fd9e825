// Not-found answers at the edge: CloudFront viewer-response function (cloudfront-js-2.0) of the site's default
// behaviour only, so the API's own JSON 403/404 answers pass untouched (a distribution-wide custom error response
// would replace them). `cd site && npm run cdn` copies this file into template.yaml.
var NOT_FOUND_PAGE = '/404/index.html';

function handler(event) {
  var response = event.response;
  var status = response.statusCode;
  // viewer-request.js rewrote an unknown page path to the 404 page (a 304 revalidation stays a 304). A file the
  // bucket lacks comes back 403: the origin access control may not list the bucket.
  var notFoundPage = event.request.uri === NOT_FOUND_PAGE && status === 200;
  if (notFoundPage || status === 403 || status === 404) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}
