// Nothing special: Next's defaults, so the bench measures Next as it comes.
const nextConfig = {};

export default nextConfig;
