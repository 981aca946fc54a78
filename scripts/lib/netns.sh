# The names and addresses of scripts/netns-cluster's hosts, shared with its rsh agent
# (scripts/lib/netns-agent). Sourced, not run.

# Host i (1..9) is namespace nbc-h<i>, interface nbc0 with 10.213.77.<i>/24; the bridge is in nbc-sw.
NBC_NETNS_SUBNET_PREFIX=10.213.77
NBC_NETNS_SUBNET="$NBC_NETNS_SUBNET_PREFIX.0/24"
NBC_NETNS_SWITCH=nbc-sw
NBC_NETNS_HOST_PREFIX=nbc-h
NBC_NETNS_INTERFACE=nbc0

# The namespace of a host given as its address or its namespace's name; fails for anything else.
nbc_netns_of_host() {
    case $1 in
        "$NBC_NETNS_SUBNET_PREFIX".[1-9]) echo "$NBC_NETNS_HOST_PREFIX${1##*.}" ;;
        "$NBC_NETNS_HOST_PREFIX"[1-9]) echo "$1" ;;
        *) return 1 ;;
    esac
}
