// The drain of a deploy (docs/operations.md#deploys). main.ts sets `active` on SIGTERM; from then on /readyz
// answers 503 (the load balancer takes the instance out of rotation) while every request is served
// as usual, each response with `Connection: close`, so that no keep-alive connection is closed under
// a balancer about to reuse it: the balancer learns from the response itself to open a new one.
export class Draining {
  active = false;
}
