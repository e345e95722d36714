package org.infiniscope.diag.internal;

import java.time.Duration;

import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.mad.transport.MadTransport;
import org.osgi.service.component.annotations.Component;

/** The {@link PortCountersService}: PMA readers over any transport. Stateless. */
@Component(service = PortCountersService.class)
public final class PortCountersComponent implements PortCountersService {

    @Override
    public PortCounterReader over(MadTransport transport, Duration timeout) {
        return new PmaReader(transport, timeout);
    }
}
